#include "text/markup_escape.h"

#include "text/visible_text.h"

namespace bpgn {

namespace {

std::string markup_escape(std::string_view text, std::string_view apostrophe) {
  std::string out;
  out.reserve(text.size());
  for (const char c : visible_text(text)) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += apostrophe; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace

std::string html_escape(std::string_view text) { return markup_escape(text, "&#39;"); }

std::string xml_escape(std::string_view text) { return markup_escape(text, "&apos;"); }

}  // namespace bpgn
