// What every page bpgn writes shares: the document head (no script, nothing fetched: a content
// security policy says so) and the style sheet, so the check report and the standings look alike
// on screen and on A4.
#pragma once

#include <string>
#include <string_view>

namespace bpgn {

// `<!DOCTYPE html>` up to and including `<body>`, with the style sheet and `title` (escaped).
std::string html_page_head(std::string_view title);

// The same for a page with one inline script (the match viewer): the policy allows only the script
// whose SHA-256 digest (base64) is `script_sha256`, and `more_style` follows the shared style sheet.
std::string html_page_head(std::string_view title, std::string_view script_sha256, std::string_view more_style);

// The footer every page ends with: the bpgn version that wrote it, then `more` (HTML), then `</html>`.
std::string html_page_end(std::string_view more);

}  // namespace bpgn
