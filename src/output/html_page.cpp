#include "output/html_page.h"

#include "text/markup_escape.h"

namespace bpgn {
namespace {

constexpr std::string_view kStyle = R"(
@page { size: A4; margin: 12mm; }
* { box-sizing: border-box; }
body { font: 13px/1.4 "DejaVu Sans", "Liberation Sans", Arial, sans-serif; color: #222; max-width: 186mm;
  margin: 0 auto; padding: 8px; }
h1 { font-size: 20px; margin: 4px 0 8px; }
h2 { font-size: 17px; border-bottom: 2px solid #888; margin: 28px 0 8px; }
h3 { font-size: 14px; margin: 14px 0 6px; }
svg.defs { position: absolute; width: 0; height: 0; }
table { border-collapse: collapse; }
th, td { padding: 2px 6px; text-align: left; vertical-align: top; }
table.summary, table.totals { width: 100%; font-size: 12px; }
table.summary th, table.summary td, table.totals td, table.totals th { border-bottom: 1px solid #ddd; }
table.summary td.num, table.totals td.num { text-align: right; }
table.summary .where { color: #666; font-size: 11px; word-break: break-all; }
tr.invalid td { background: #fdecea; }
tr.unreadable td { background: #f1e4f5; }
.status { border-radius: 3px; padding: 0 5px; color: #fff; font-size: 12px; white-space: nowrap; }
.status.valid { background: #2e7d32; }
.status.invalid { background: #c62828; }
.status.unreadable { background: #6a1b9a; }
table.facts th { width: 8em; color: #555; font-weight: normal; }
.options { font: 11px "DejaVu Sans Mono", monospace; color: #555; }
.violation { border: 1px solid #ccc; border-radius: 4px; padding: 6px 10px; margin: 10px 0;
  break-inside: avoid; page-break-inside: avoid; }
.diag { margin: 4px 0; }
.diag .code { font: bold 12px "DejaVu Sans Mono", monospace; }
.diag .where { color: #666; font-size: 12px; }
.diag.error .code { color: #b71c1c; }
.diag.warning .code { color: #8a4b00; }
.diag.note .code { color: #1e5a8a; }
blockquote.rule { border-left: 4px solid #c9a227; background: #fbf7e6; margin: 4px 0 8px; padding: 4px 10px; }
blockquote.rule footer { font-size: 11px; color: #666; }
p.meaning { margin: 4px 0 8px; color: #444; font-style: italic; }
p.moment { margin: 6px 0 4px; font-weight: 600; }
.boards { display: flex; gap: 20px; flex-wrap: wrap; }
figure.board-block { margin: 0; width: 280px; }
figure.board-block figcaption { font-weight: 600; }
.seat { display: flex; justify-content: space-between; gap: 6px; font-size: 12px; }
.seat .clock { font: 600 12px "DejaVu Sans Mono", monospace; }
.hand { height: 26px; padding-top: 1px; }
svg.board { display: block; }
table.moves { font-size: 12px; }
table.moves th { border-bottom: 1px solid #999; }
table.moves td.clock, table.moves td.time, table.moves td.n { font-family: "DejaVu Sans Mono", monospace; color: #555; }
table.moves tr.bad td { background: #fbd0d0; }
table.moves tr.decisive td { background: #cfeccb; font-weight: 600; }
table.moves tr.decisive-illegal td { background: #f2a0a0; font-weight: 600; border-top: 2px solid #a00000; border-bottom: 2px solid #a00000; }
table.moves span.decided { font-size: 11px; font-weight: 600; padding: 0 3px; border-radius: 3px; white-space: nowrap; }
table.moves tr.decisive span.decided { background: #2f6f2a; color: #fff; }
table.moves tr.decisive-illegal span.decided { background: #a00000; color: #fff; }
table.moves tr.unplayed td { color: #999; }
svg.clock-chart { max-width: 100%; height: auto; }
table.standings { font-size: 12px; }
table.standings th, table.standings td { border-bottom: 1px solid #ddd; padding: 2px 4px; }
table.standings .num { text-align: right; font-variant-numeric: tabular-nums; }
table.standings td.self { background: #e6e6e6; }
table.standings.wide { font-size: 10px; }
table.standings.wide th, table.standings.wide td { padding: 2px 2px; }
table.standings td.name { white-space: nowrap; }
table.matches .team { white-space: nowrap; }
.option { white-space: nowrap; }
p.order { color: #555; font-size: 12px; margin: 2px 0 8px; }
footer.page { margin-top: 24px; font-size: 11px; color: #777; }
@media print {
  section.game { break-before: page; }
  a { color: inherit; text-decoration: none; }
  table.moves tr { break-inside: avoid; }
}
)";

}  // namespace

std::string html_page_head(std::string_view title) { return html_page_head(title, {}, {}); }

std::string html_page_head(std::string_view title, std::string_view script_sha256, std::string_view more_style) {
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; ";
  if (!script_sha256.empty()) (out += "script-src 'sha256-") += script_sha256, out += "'; ";
  out += "style-src 'unsafe-inline'\">"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">";
  out += "<title>" + html_escape(title) + "</title><style>";
  out += kStyle;
  out += more_style;
  out += "</style></head>\n<body>\n";
  return out;
}

std::string html_page_end(std::string_view more) {
  std::string out = "<footer class=\"page\">Written by bpgn " BPGN_VERSION_TEXT ".";
  if (!more.empty()) (out += ' ') += more;
  out += "</footer>\n</body></html>\n";
  return out;
}

}  // namespace bpgn
