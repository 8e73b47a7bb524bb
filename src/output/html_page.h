// What every page bpgn writes shares: the document head (no script, nothing fetched: a content
// security policy says so) and the style sheet, so the check report and the standings look alike
// on screen and on A4.
#pragma once

#include <string>
#include <string_view>

namespace bpgn {

// `<!DOCTYPE html>` up to and including `<body>`, with the style sheet and `title` (escaped).
std::string html_page_head(std::string_view title);

// The footer every page ends with: the bpgn version that wrote it, then `more` (HTML), then `</html>`.
std::string html_page_end(std::string_view more);

}  // namespace bpgn
