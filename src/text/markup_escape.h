// Text made safe for the markup the reports write (the HTML report, the viewer, the standings
// pages, JUnit XML): names, tags and messages from the records, shown as visible_text shows them
// (controls as `<U+001B>`, bytes that are not UTF-8 as `\xff`: the page stays valid UTF-8 and, for
// XML 1.0, holds no character it forbids), with `&`, `<`, `>`, `"` and `'` as references, so the
// result is safe in element text and in quoted attributes. One loop for both; they differ only in
// how the apostrophe is written.
#pragma once

#include <string>
#include <string_view>

namespace bpgn {

// For HTML: the apostrophe as `&#39;` (HTML 4 has no `&apos;`).
std::string html_escape(std::string_view text);
// For XML 1.0: the apostrophe as `&apos;`.
std::string xml_escape(std::string_view text);

}  // namespace bpgn
