#include "output/canonical_movetext.h"

namespace bpgn {
namespace {

bool is_space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\v'; }

// `[` alone or followed by a tag name's character (letters, digits, `_`: grammar/tag.h).
bool may_start_tag(std::string_view word) {
  if (word.empty() || word.front() != '[') return false;
  if (word.size() == 1) return true;
  const char c = word[1];
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == ' ' ||
         c == '\t';
}

}  // namespace

int text_columns(std::string_view utf8) {
  int n = 0;
  for (char c : utf8) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;  // not a continuation byte
  }
  return n;
}

std::string single_line(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    if (!is_space(text[i])) {
      out += text[i++];
      continue;
    }
    std::size_t j = i;
    bool breaks = false;
    while (j < text.size() && is_space(text[j])) {
      breaks = breaks || text[j] != ' ';
      ++j;
    }
    if (breaks) {
      out += ' ';
    } else {
      out.append(text.substr(i, j - i));
    }
    i = j;
  }
  return out;
}

void MovetextWriter::place(std::string_view piece1, std::string_view piece2, std::string_view piece3) {
  const int len = text_columns(piece1) + text_columns(piece2) + text_columns(piece3);
  if (column_ > 0) {
    if (column_ + 1 + len > width_) {
      out_ += '\n';
      column_ = 0;
    } else {
      out_ += ' ';
      ++column_;
    }
  }
  // A line never starts with what may be a tag (`[Name`, `[ Name`): the reader would take the
  // line for the next game's tags. Such a word of a comment or variation gets one blank before it.
  if (column_ == 0 && wrote_ && may_start_tag(piece1.empty() ? piece2 : piece1)) {
    out_ += ' ';
    ++column_;
  }
  out_ += piece1;
  out_ += piece2;
  out_ += piece3;
  column_ += len;
  wrote_ = true;
}

void MovetextWriter::token(std::string_view text) { place(text); }

void MovetextWriter::words(std::string_view open, std::string_view text, std::string_view close) {
  std::size_t i = 0;
  bool first = true;
  std::string_view pending;  // the previous word, placed once we know whether it is the last
  bool have_pending = false;
  auto flush = [&](bool last) {
    place(first ? open : std::string_view{}, pending, last ? close : std::string_view{});
    first = false;
  };
  while (i < text.size()) {
    while (i < text.size() && is_space(text[i])) ++i;
    if (i >= text.size()) break;
    std::size_t j = i;
    while (j < text.size() && !is_space(text[j])) ++j;
    if (have_pending) flush(false);
    pending = text.substr(i, j - i);
    have_pending = true;
    i = j;
  }
  if (have_pending) {
    flush(true);
  } else {
    place(open, close);  // an empty comment `{}`
  }
}

void MovetextWriter::pieces(std::string_view open, const std::vector<std::string>& pieces,
                            std::string_view close) {
  if (pieces.empty()) {
    place(open, close);
    return;
  }
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    place(i == 0 ? open : std::string_view{}, pieces[i], i + 1 == pieces.size() ? close : std::string_view{});
  }
}

void MovetextWriter::finish() {
  if (column_ > 0) out_ += '\n';
  column_ = 0;
}

}  // namespace bpgn
