// Text made safe for HTML: the report writes names, tags and messages from the records.
#pragma once

#include <string>
#include <string_view>

namespace bpgn {

// `&`, `<`, `>`, `"` and `'` as character references (safe in element text and quoted attributes).
std::string html_escape(std::string_view text);

}  // namespace bpgn
