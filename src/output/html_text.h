// Text made safe for HTML: the report writes names, tags and messages from the records.
#pragma once

#include <string>
#include <string_view>

namespace bpgn {

// `text` as visible_text shows it (controls as `<U+001B>`, bytes that are not UTF-8 as `\xff`: the
// page stays valid UTF-8), with `&`, `<`, `>`, `"` and `'` as character references (safe in element
// text and quoted attributes).
std::string html_escape(std::string_view text);

}  // namespace bpgn
