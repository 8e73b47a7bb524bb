#include "pipeline/find_game.h"

#include "core/whole_number.h"
#include "pipeline/command_error.h"
#include "pipeline/game_stream.h"
#include "record/visible_text.h"

#include <fmt/format.h>

#include <string_view>

namespace bpgn {

namespace {

bool all_digits(std::string_view s) { return read_whole_number(s).read != WholeNumber::Read::NotDigits; }

// A line or column number of a place, read strictly: digits only (any number of them: that is what
// makes it a number), from 1 to kMostLineNumber, else a UsageError naming the place.
std::uint32_t place_number(std::string_view digits, std::string_view what, const std::string& arg) {
  const WholeNumber n = read_whole_number(digits, kMostLineNumber);
  if (n.read == WholeNumber::Read::TooLarge) {
    throw UsageError(fmt::format("{}: {} {} is out of range: {}s are counted from 1 to {}", visible_text(arg), what,
                                 digits, what, kMostLineNumber));
  }
  if (n.value == 0 && what == "column") {
    throw UsageError(fmt::format("{}: column 0: columns are counted from 1", visible_text(arg)));
  }
  return static_cast<std::uint32_t>(n.value);
}

// The input holds no member `wanted` names: `open` is a file of records itself (its games are
// named by it alone), so what follows its name is neither a member nor a line number.
std::string not_a_place(const std::string& stream, const std::string& open) {
  return fmt::format("{}: '{}' after the file's name is no line number (a place is FILE:LINE or FILE:LINE:COLUMN, "
                     "digits only), and {} is no archive that could hold such a member",
                     visible_text(stream), visible_text(stream.substr(open.size() + 1)), visible_text(open));
}

// Whether `file` (a stream read, named by itself alone: no archive member) is what `stream`
// continues with ':' and more.
bool continues_a_plain_file(const std::string& stream, const std::string& file) {
  return stream.size() > file.size() && stream[file.size()] == ':' && stream.starts_with(file);
}

// `text` without its last `count` parts after a ':' when each is a number; nullopt otherwise.
std::optional<std::size_t> numbers_at_end(std::string_view text, int count) {
  std::size_t end = text.size();
  for (int i = 0; i < count; ++i) {
    const std::size_t colon = end == 0 ? std::string_view::npos : text.rfind(':', end - 1);
    if (colon == std::string_view::npos || colon == 0 || !all_digits(text.substr(colon + 1, end - colon - 1))) {
      return std::nullopt;
    }
    end = colon;
  }
  return end;
}

// The file to open for `name`: itself when it exists, else its longest part before a ':' that
// does (an archive, whose member `name` then names).
std::string file_to_open(const std::string& name, const std::function<bool(const std::string&)>& exists) {
  if (exists(name)) return name;
  for (std::size_t colon = name.rfind(':'); colon != std::string::npos && colon > 0; colon = name.rfind(':', colon - 1)) {
    if (exists(name.substr(0, colon))) return name.substr(0, colon);
  }
  return name;
}

std::string games_word(std::size_t n) { return n == 1 ? "game" : "games"; }

// What the reader passes over of one stream, as it reads: its lines, and around line `target`
// where it starts and which lines hold more than blank space.
class LineWatch {
 public:
  explicit LineWatch(std::uint32_t target) : target_(target) {}

  void see(std::string_view bytes) {
    for (const char c : bytes) {
      const std::uint64_t line = newlines_ + 1;
      if (at_line_start_ && line == target_) target_offset_ = offset_;
      at_line_start_ = c == '\n';
      if (c == '\n') {
        if (line < target_ && line_has_text_) last_text_before_ = line;
        ++newlines_;
        line_has_text_ = false;
      } else if (!is_blank(c)) {
        line_has_text_ = true;
        if (line >= target_ && !text_from_target_) text_from_target_ = offset_;
      }
      ++offset_;
    }
  }

  std::uint64_t lines() const { return newlines_ + (offset_ > 0 && !at_line_start_ ? 1 : 0); }
  // Where line `target` starts, once read.
  const std::optional<std::uint64_t>& target_offset() const { return target_offset_; }
  // The first byte other than blank space from line `target` on, once read.
  const std::optional<std::uint64_t>& text_from_target() const { return text_from_target_; }
  // The last line before `target` that holds more than blank space (0: none).
  std::uint64_t last_text_before() const { return last_text_before_; }

 private:
  bool is_blank(char c) const {
    if (offset_ < 3 && static_cast<unsigned char>(c) == static_cast<unsigned char>("\xEF\xBB\xBF"[offset_])) {
      return true;  // a byte order mark
    }
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
  }

  const std::uint32_t target_;
  std::uint64_t offset_ = 0, newlines_ = 0, last_text_before_ = 0;
  bool at_line_start_ = true, line_has_text_ = false;
  std::optional<std::uint64_t> target_offset_, text_from_target_;
};

FoundGame found() { return FoundGame{FoundGame::Outcome::Found, {}}; }
FoundGame failed() { return FoundGame{FoundGame::Outcome::Failure, {}}; }
FoundGame absent(std::string why) { return FoundGame{FoundGame::Outcome::Absent, std::move(why)}; }

FoundGame find_by_number(GameStream& stream, const GameWanted& wanted, Game& game) {
  std::size_t games = 0;
  std::string plain;  // a plain input whose name the stream wanted continues (F of F:abc)
  for (GameStream::Step step; (step = stream.next(game)) != GameStream::Step::End;) {
    if (step == GameStream::Step::Failure) return failed();
    if (!wanted.stream.empty() && continues_a_plain_file(wanted.stream, stream.file())) plain = stream.file();
    if (step != GameStream::Step::Game) continue;
    if (wanted.by == GameWanted::By::Index || wanted.stream.empty()) {
      games = game.index;
    } else if (game.file == wanted.stream) {
      games = game.file_index;
    } else {
      continue;
    }
    if (games == wanted.number) return found();
  }
  if (wanted.by == GameWanted::By::Index) {
    return absent(fmt::format("the inputs hold {} {} in all: there is no game with index {}", games,
                              games_word(games), wanted.number));
  }
  if (games == 0 && !plain.empty()) return absent(not_a_place(wanted.stream, plain));
  return absent(fmt::format("{} holds {} {}: there is no game {}", wanted.name, games, games_word(games), wanted.number));
}

FoundGame find_by_line(GameStream& stream, const GameWanted& wanted, Game& game) {
  const std::string name = visible_text(wanted.stream);
  const std::uint32_t line = wanted.line;
  LineWatch watch(line);
  stream.watch_bytes([&](std::string_view bytes) {
    if (stream.file() == wanted.stream) watch.see(bytes);
  });
  bool in_stream = false, held_none = false;
  std::string member;  // of an archive named without its member
  std::size_t last_number = 0;
  std::uint32_t last_start = 0;
  std::string plain;  // a plain input whose name the stream wanted continues (F of F:abc:5)
  for (GameStream::Step step; (step = stream.next(game)) != GameStream::Step::End;) {
    if (step == GameStream::Step::Failure) return failed();
    if (continues_a_plain_file(wanted.stream, stream.file())) plain = stream.file();
    if (step == GameStream::Step::NoGames) {
      held_none = held_none || stream.file() == wanted.stream;
      continue;
    }
    if (step != GameStream::Step::Game) continue;
    if (game.file != wanted.stream) {
      if (in_stream) break;  // the stream ended: a later archive member
      if (member.empty() && game.file.starts_with(wanted.stream + ":")) member = game.file;
      continue;
    }
    in_stream = true;
    const std::optional<std::uint64_t> at = watch.target_offset();
    if (!at || *at >= game.bytes.end) {  // the line comes after this game's bytes
      last_number = game.file_index;
      last_start = game.start.line;
      continue;
    }
    if (*at < game.bytes.begin) {  // blank space before the first game
      return absent(fmt::format("line {} of {} is before its first game (game {}, from line {})", line, name,
                                game.file_index, game.start.line));
    }
    const std::optional<std::uint64_t> text = watch.text_from_target();
    if (text && *text < game.bytes.end) return found();
    // Blank lines after the game's text: between it and the next game, or at the end.
    const std::string before = fmt::format("game {} (lines {}-{})", game.file_index, game.start.line,
                                           watch.last_text_before());
    const std::size_t number = game.file_index;
    if (stream.next(game) == GameStream::Step::Game && game.file == wanted.stream && game.file_index == number + 1) {
      return absent(fmt::format("line {} of {} is between {} and game {} (from line {})", line, name, before,
                                game.file_index, game.start.line));
    }
    return absent(fmt::format("line {} of {} is after its last game, {}", line, name, before));
  }
  if (!in_stream && !plain.empty() && member.empty()) return absent(not_a_place(wanted.stream, plain));
  if (!in_stream && !member.empty()) {
    return absent(fmt::format("{} is an archive: name its member and the line, as {}:{}", name,
                              visible_text(member), line));
  }
  if (!in_stream) {
    return absent(held_none ? fmt::format("{} holds no game", name) : fmt::format("{}: no such archive member", name));
  }
  if (line > watch.lines()) {
    return absent(fmt::format("{} has {} line{}: there is no line {} (its last game, game {}, starts at line {})", name,
                              watch.lines(), watch.lines() == 1 ? "" : "s", line, last_number, last_start));
  }
  return absent(fmt::format("line {} of {} is after its last game (game {}, from line {})", line, name, last_number,
                            last_start));
}

}  // namespace

GameAddress parse_game_address(const std::string& arg, const std::function<bool(const std::string&)>& exists) {
  const auto is = [&](const std::string& name) { return name == "-" || exists(name); };
  if (is(arg)) return GameAddress{arg, arg, std::nullopt, std::nullopt};
  std::optional<GameAddress> first;
  for (const int parts : {2, 1}) {  // FILE:LINE:COLUMN, then FILE:LINE
    const std::optional<std::size_t> end = numbers_at_end(arg, parts);
    if (!end) continue;
    const std::string name = arg.substr(0, *end);
    const std::size_t after = *end + 1;
    const std::size_t line_end = arg.find(':', after);
    const std::uint32_t line = place_number(std::string_view(arg).substr(after, line_end - after), "line", arg);
    std::optional<std::uint32_t> column;
    if (line_end != std::string::npos) column = place_number(std::string_view(arg).substr(line_end + 1), "column", arg);
    GameAddress place{file_to_open(name, is), name, line, column};
    if (is(place.open)) return place;
    if (!first) first = place;
  }
  if (first) return *first;  // names nothing that exists: reading it says so
  return GameAddress{file_to_open(arg, is), arg, std::nullopt, std::nullopt};
}

FoundGame find_game(InputStreams& inputs, const GameWanted& wanted, Game& game) {
  ReaderOptions options;
  GameStream stream(inputs, options);
  if (wanted.by == GameWanted::By::Line) return find_by_line(stream, wanted, game);
  return find_by_number(stream, wanted, game);
}

}  // namespace bpgn
