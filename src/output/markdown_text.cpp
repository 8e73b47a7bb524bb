#include "output/markdown_text.h"

#include "text/visible_text.h"

namespace bpgn {

std::string markdown_text(std::string_view text) {
  std::string out;
  for (const char ch : visible_text(text)) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '\\':
      case '`':
      case '*':
      case '_':
      case '[':
      case ']':
      case '|':
      case '~':
        out += '\\';
        out += ch;
        break;
      default: out += ch;
    }
  }
  return out;
}

}  // namespace bpgn
