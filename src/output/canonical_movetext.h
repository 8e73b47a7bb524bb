// The movetext of canonical output: tokens laid out greedily on lines of at most `width` columns
// (counted in characters), one space between tokens, a line break instead of a space where the
// next token would not fit. A token longer than a line stands alone on its line.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace bpgn {

// Number of characters (UTF-8 code points) in a text.
int text_columns(std::string_view utf8);

class MovetextWriter {
 public:
  MovetextWriter(std::string& out, int width = 80) : out_(out), width_(width) {}

  // One unbreakable token (`12A. Nf3`, `{179}`, `$1`, `1-0`).
  void token(std::string_view text) { token(text, text_columns(text)); }
  // The same when the caller knows its width: `columns` is text_columns(text).
  void token(std::string_view text, int columns);

  // A brace comment or a variation: `open` + text + `close`, broken only at whitespace. Runs of
  // whitespace (line breaks included) become one space or one line break, so that reading the
  // output back and writing it again gives the same lines.
  void words(std::string_view open, std::string_view text, std::string_view close);

  // `open` + the pieces separated by spaces + `close`, broken only between pieces (for comments
  // made of commands such as `[%clk 0:04:58.2]`, each kept on one line).
  void pieces(std::string_view open, const std::vector<std::string>& pieces, std::string_view close);

  // Ends the last line (LF), if one was started.
  void finish();

  bool empty() const { return column_ == 0 && !wrote_; }

 private:
  void place(std::string_view piece1, std::string_view piece2 = {}, std::string_view piece3 = {});
  // The space or line break before a piece of `len` columns that starts with `first`.
  void separate(int len, std::string_view first);

  std::string& out_;
  int width_;
  int column_ = 0;
  bool wrote_ = false;
};

// The text with every run of whitespace that holds a line break or tab replaced by one space.
std::string single_line(std::string_view text);
// The same, appended to `out` (no string of its own).
void append_single_line(std::string& out, std::string_view text);
// The same, written at `out`, which has room for text.size() characters; returns the end.
char* write_single_line(char* out, std::string_view text);

}  // namespace bpgn
