// Builds a Game from the grammar's events (the one consumer of the parse; see parse_actions.h).
// Knows the record's conventions: which brace is a clock, which comment is the termination, the
// seat of a move, the Lag tag, the dialect and the encoding.
#pragma once

#include "record/clock_brace.h"
#include "record/game.h"
#include "record/position_map.h"

#include <array>
#include <string_view>
#include <vector>

namespace bpgn {

class GameBuilder {
 public:
  // Starts a game whose text begins at `base`, standing at `start`; the parser reads no further
  // than `end`.
  void begin(Game& game, const char* base, const char* end, SourcePos start);

  // Events, in text order; `at` points into the game's text.
  void tag_name(std::string_view name) { tag_name_ = name; }
  void tag_value(std::string_view raw) { tag_value_ = raw; }
  // False, and no tag added, when the game already holds a tag of that name: that tag starts the
  // next game.
  bool tag(const char* at);
  // A tag that is not one (`text` as written), what is wrong with it and where.
  void broken_tag(std::string_view text, std::string_view message, const char* at);
  // Text outside any game, next to this one: each line that is not blank becomes a note.
  void stray_text(std::string_view block);
  void move_number(std::string_view text, const char* at);
  void move(std::string_view san, const char* at);
  // Plies of the game so far.
  std::size_t plies() const;
  void annotation(std::string_view glyph);
  void nag(std::string_view text);
  // A brace holding only a clock: `number` is the clock's numeric part, `clock_text` the clock as
  // written, `content` the brace's whole content.
  void clock_comment(ClockForm form, std::string_view number, std::string_view clock_text,
                     std::string_view content, const char* at);
  // The plain clock `{118.585}` / `{179}`: `number` is what the grammar's plain-clock-comment
  // matched between the braces (digits, then optionally `.` and digits). The same as
  // clock_comment(ClockForm::Seconds, number, number, number, at), its value read in one loop.
  void plain_clock_comment(std::string_view number, const char* at);
  void comment(std::string_view content, const char* at);
  void line_comment(std::string_view content, const char* at);
  void variation(std::string_view text);
  void result(std::string_view text, const char* at);

  SourcePos position(const char* at) { return positions_.at(at); }

  // Ends the game whose text ran up to `end` (the part the parser saw): Lag, dialect, clock kind,
  // encoding (Latin-1 converted to UTF-8; columns counted in characters).
  void finish(const char* end);

 private:
  Ply& new_ply();
  void set_clock(Ply& ply, ClockForm form, std::string_view number, std::string_view clock_text);
  Comment& add_comment(std::string&& text, const char* at);
  Color first_color();
  void apply_lag();
  void decide_clock_kind();
  void decide_dialect();
  void decide_encoding(std::string_view text);
  void count_columns_in_characters(std::string_view text);

  Game* game_ = nullptr;
  const char* base_ = nullptr;
  PositionMap positions_;

  std::string_view tag_name_, tag_value_;

  struct PendingNumber {
    bool present = false;
    int number = 0;
    char seat = 0;  // 'A', 'a', 'B', 'b', or 0 for PGN's `12.` / `12...`
    int dots = 0;
    SourcePos pos;
  } number_;

  int braces_since_move_ = 0;  // the first brace after a move may be its clock
  // The last element, when it was a comment: the termination if the result follows.
  enum class Where : std::uint8_t { None, Leading, Ply } last_comment_ = Where::None;
  std::array<int, 2> last_color_{};  // per board: -1 none yet, else the Color of its last ply
  Board last_board_ = Board::A;

  std::vector<SourcePos*> fixups_;  // reused between games
};

}  // namespace bpgn
