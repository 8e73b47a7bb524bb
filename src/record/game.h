// The game record model: what a record says, before any replay. Filled by the reader.
#pragma once

#include "core/types.h"

#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace bpgn {

// 1-based line; 1-based column counted in characters (UTF-8 code points or Latin-1 bytes).
struct SourcePos {
  std::uint32_t line = 0;
  std::uint32_t column = 0;
  friend bool operator==(const SourcePos&, const SourcePos&) = default;
};

enum class Board : std::uint8_t { A = 0, B = 1 };
enum class Seat : std::uint8_t { WhiteA = 0, BlackA = 1, WhiteB = 2, BlackB = 3 };
constexpr Seat seat_of(Board b, Color c) { return Seat(int(b) * 2 + int(c)); }
constexpr Board board_of(Seat s) { return Board(int(s) / 2); }
constexpr Color color_of(Seat s) { return Color(int(s) % 2); }
// Partners: WhiteA + BlackB, BlackA + WhiteB.
constexpr Seat partner_of(Seat s) { return Seat(3 - int(s)); }
// 'A', 'B'.
constexpr char board_letter(Board b) { return b == Board::A ? 'A' : 'B'; }
// "A", "B".
constexpr std::string_view board_name(Board b) { return b == Board::A ? "A" : "B"; }
// "WhiteA", "BlackA", "WhiteB", "BlackB": the seat tags of BPGN.
constexpr std::string_view seat_tag(Seat s) {
  constexpr std::string_view kTags[] = {"WhiteA", "BlackA", "WhiteB", "BlackB"};
  return kTags[int(s)];
}
// The player tags of a record: BPGN's four seats, then PGN's two.
inline constexpr std::array<std::string_view, 6> kPlayerTags = {"WhiteA", "BlackA", "WhiteB", "BlackB", "White", "Black"};
// Seat letter of a BPGN move number: A, a, B, b.
constexpr char seat_letter(Board b, Color c) { return c == White ? board_letter(b) : char(board_letter(b) + ('a' - 'A')); }

enum class ClockKind : std::uint8_t {
  None,
  Remaining,   // `{179}`, `{58.345}`, `{-0.576}`, `{[%clk 0:02:59.9]}`: mover's time left after the move
  SinceStart,  // `{[ts=185.070]}`: seconds since the match began
};

struct Clock {
  ClockKind kind = ClockKind::None;
  double seconds = 0;  // remaining or since-start, in seconds
  int decimals = 0;    // digits after the point as written (precision to keep)
  std::string text;    // the clock as written, without braces or surrounding blanks: `58.345`,
                       // `[%clk 0:02:59.9]`, `[ts=185.070]`
};

struct Comment {
  std::string text;  // content without braces, converted to UTF-8
  SourcePos pos;
};

struct Ply {
  Board board = Board::A;
  Color color = White;
  bool seat_written = false;  // BPGN `12A.`; false for PGN `1.` / `1...` or no number
  int number = 0;             // written move number; 0 when none was written
  SourcePos number_pos;       // where the move number stands (or the SAN when none)
  std::string san;            // as written (without suffix annotations like `!?`)
  SourcePos san_pos;
  Clock clock;                          // from the first brace after the move, when it is a clock
  std::vector<Comment> comments;        // other comments after the move, in order
  std::vector<int> nags;                // $n, and !/?-style annotations mapped to their NAG numbers
  std::vector<std::string> variations;  // each `( ... )` kept verbatim (without the outer parentheses)
  std::optional<int> lag_ms;            // from the `Lag` tag, this ply's entry
};

// The plies of a record, as a vector of them, except that clear() and resize() keep the plies
// they drop (with their strings' and vectors' memory) for the next ones: a reader refilling one
// Game game after game allocates nothing per ply once it has read a game as long (issue 10;
// tests/alloc/read_allocations_test.cpp counts).
class PlyList {
 public:
  using value_type = Ply;
  using iterator = Ply*;
  using const_iterator = const Ply*;

  PlyList() = default;
  PlyList(std::initializer_list<Ply> plies) : items_(plies), size_(items_.size()) {}
  PlyList(const PlyList& other) : items_(other.begin(), other.end()), size_(other.size_) {}
  PlyList(PlyList&& other) noexcept : items_(std::move(other.items_)), size_(other.size_) {
    other.items_.clear();
    other.size_ = 0;
  }
  PlyList& operator=(const PlyList& other) {
    if (this != &other) assign(other.begin(), other.end());
    return *this;
  }
  PlyList& operator=(PlyList&& other) noexcept {
    if (this != &other) {
      items_ = std::move(other.items_);
      size_ = other.size_;
      other.items_.clear();
      other.size_ = 0;
    }
    return *this;
  }
  PlyList& operator=(std::initializer_list<Ply> plies) {
    assign(plies.begin(), plies.end());
    return *this;
  }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Ply& operator[](std::size_t i) { return items_[i]; }
  const Ply& operator[](std::size_t i) const { return items_[i]; }
  Ply& at(std::size_t i) { return items_[checked(i)]; }
  const Ply& at(std::size_t i) const { return items_[checked(i)]; }
  Ply& front() { return items_[0]; }
  const Ply& front() const { return items_[0]; }
  Ply& back() { return items_[size_ - 1]; }
  const Ply& back() const { return items_[size_ - 1]; }
  Ply* data() { return items_.data(); }
  const Ply* data() const { return items_.data(); }
  Ply* begin() { return items_.data(); }
  Ply* end() { return items_.data() + size_; }
  const Ply* begin() const { return items_.data(); }
  const Ply* end() const { return items_.data() + size_; }

  // A ply with every field at its default (a kept one, emptied, when there is one).
  Ply& emplace_back();
  void push_back(const Ply& p) { emplace_back() = p; }
  void push_back(Ply&& p) { emplace_back() = std::move(p); }
  void clear() { size_ = 0; }
  void resize(std::size_t n);
  template <class It>
  void assign(It first, It last) {
    clear();
    for (; first != last; ++first) push_back(*first);
  }

 private:
  std::size_t checked(std::size_t i) const {
    if (i >= size_) throw std::out_of_range("PlyList::at");
    return i;
  }
  std::vector<Ply> items_;  // [0, size_) the plies; the rest kept for reuse
  std::size_t size_ = 0;
};

struct Tag {
  std::string name;
  std::string value;  // unescaped, UTF-8
  SourcePos pos;
};

enum class Dialect : std::uint8_t {
  Bpgn,  // seat-numbered moves (`1A.`), two boards
  Pgn,   // ordinary one-board PGN
};

enum class Encoding : std::uint8_t { Utf8, Latin1 };

struct SyntaxError {
  std::string message;
  SourcePos pos;
};

// Something the reader found wrong and read past: the game around it is read whole.
struct ReadNote {
  enum class Kind : std::uint8_t {
    BadTag,     // a tag that is not one (`[White A "x"]`): left out, the other tags kept
    StrayText,  // text outside any game (`1-0?`, a `-----` line, `</pre>`), on the game next to it
  };
  Kind kind = Kind::StrayText;
  std::string text;     // BadTag: the tag as written; StrayText: the line's text, trimmed (UTF-8)
  std::string message;  // BadTag: what is wrong (the grammar's message); StrayText: empty
  SourcePos pos;        // BadTag: where it goes wrong; StrayText: the text's first character
};

// Bytes [begin, end) of the input stream, counted from its first byte (a byte order mark included).
struct ByteRange {
  std::uint64_t begin = 0;
  std::uint64_t end = 0;
  std::uint64_t size() const { return end - begin; }
  friend bool operator==(const ByteRange&, const ByteRange&) = default;
};

struct Game {
  std::string file;                       // input name ("-" for standard input)
  std::size_t index = 0;                  // 1-based position in the whole input stream
  // 1-based position within its own file (or archive member); 0 when the reader of a piece of
  // input cannot know it (pipeline/input/game_stream.h sets both).
  std::size_t file_index = 0;
  SourcePos start;                        // where the game's text starts
  // The game's bytes: from its first byte to the next game's first byte (the blank space and the
  // lines skipped after a broken game included), or to the end of the input. The ranges of one
  // input's games follow each other without a gap; only blank space (and a byte order mark)
  // before the first game belongs to none.
  ByteRange bytes;
  // Those bytes as read, when the reader was asked to keep them for this game
  // (ReaderOptions::keep_raw_text): fmt and convert write a broken game back as found. At most
  // ReaderOptions::max_raw_bytes; raw_cut says the text was longer and holds only its start.
  std::string raw;
  bool raw_cut = false;
  std::vector<Tag> tags;                  // in record order
  std::vector<Comment> leading_comments;  // comments before the first move (e.g. `{C: ...}` banner)
  PlyList plies;                          // in record order
  std::string result;                     // final token: 1-0, 0-1, 1/2-1/2, * ; empty when missing
  SourcePos result_pos;
  std::string termination;  // the comment right before the result, e.g. "BobBughouse checkmated"
  Dialect dialect = Dialect::Pgn;
  Encoding encoding = Encoding::Utf8;
  ClockKind clock_kind = ClockKind::None;  // the kind most plies use
  std::optional<SyntaxError> error;        // set when the text broke off; plies before it are kept
  std::vector<ReadNote> notes;             // broken tags and stray text read past, in text order
  bool readable() const { return !error || !plies.empty() || !tags.empty(); }

  // Whether a broken tag was left out (the game cannot be written back without losing it).
  bool has_broken_tag() const;

  // The value of the first tag of that name, or nullptr.
  const std::string* tag(std::string_view name) const;

  // Empties the record but keeps the vectors' memory, so a reader can refill one Game per game.
  void clear();
};

}  // namespace bpgn
