// Text from the records in Markdown (standings --format markdown, check's GitHub job summary).
#pragma once

#include <string>
#include <string_view>

namespace bpgn {

// A cell or line of the Markdown output: as visible_text shows it, with `&`, `<` and `>` as HTML's
// character references (a Markdown viewer would run `<img onerror=...>`), and Markdown's own
// `\`, `` ` ``, `*`, `_`, `[`, `]`, `|` and `~` escaped with a backslash.
std::string markdown_text(std::string_view text);

}  // namespace bpgn
