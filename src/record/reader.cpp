#include "record/reader.h"

#include "core/ascii.h"
#include "core/san.h"
#include "grammar/errors.h"
#include "record/game_builder.h"
#include "record/game_parser.h"
#include "record/parse_state.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <exception>
#include <optional>
#include <string>
#include <system_error>
#include <utility>

namespace bpgn {

namespace {

// How close to the end of a cut window a game may stop before it counts as too long: a token cut
// by the window (`1-` of `1-0`) stops the parse a few bytes early.
constexpr std::size_t kWindowSlack = 64;
// Bytes looked at to tell whether a line starts a tag.
constexpr std::size_t kLineLookahead = 256;
// First allocation of the read buffer: small inputs stay small.
constexpr std::size_t kInitialCapacity = std::size_t{64} << 10;

// What a text needs to be a game: a tag, or a move (written as one: `hello` is not). Anything
// else (`{"game": 1}`, `hello world`, a lone `1-0`) is one unreadable game, like `<html>`.
constexpr const char* kNotAGame = "not a game: this text holds no tag and no move";

bool holds_a_move(const Game& game) {
  return std::any_of(game.plies.begin(), game.plies.end(), [](const Ply& p) { return is_move_text(p.san); });
}

Reader::Source file_source(std::FILE* file, std::string path) {
  return [file, path = std::move(path)](char* buffer, std::size_t size) -> std::size_t {
    const std::size_t n = std::fread(buffer, 1, size, file);
    if (n == 0 && std::ferror(file)) throw std::system_error(errno, std::generic_category(), path);
    return n;
  };
}

}  // namespace

struct Reader::Impl {
  Impl(std::string input_name, Source input, ReaderOptions opts)
      : name(std::move(input_name)),
        source(std::move(input)),
        options(opts),
        state(builder, opts.max_variation_depth, opts.max_plies) {
    options.max_game_bytes = std::max<std::size_t>(options.max_game_bytes, 2 * kLineLookahead);
    options.chunk_bytes = std::clamp<std::size_t>(options.chunk_bytes, 1, options.max_game_bytes);
    options.first_window_bytes = std::clamp<std::size_t>(options.first_window_bytes, 1, options.max_game_bytes);
    max_capacity = 2 * options.max_game_bytes;
    next_index = options.first_index;
    cursor = SourcePos{options.first_line, 1};
    offset = options.first_offset;
    stream_start = options.at_stream_start;
  }

  ~Impl() {
    if (file && file != stdin) std::fclose(file);
  }

  bool next(Game& game);

  // Buffer: [begin, end) holds input not yet consumed; cursor is the position of buf[begin].
  std::size_t available() const { return end - begin; }
  const char* data() const { return buf.get() + begin; }
  // Reads until `want` bytes are available or the input ends.
  void fill(std::size_t want);
  void make_room();
  // Moves past `n` bytes, counting lines and columns (characters in `encoding`), and keeping them
  // in keeping->raw when a game's text is being kept.
  void consume(std::size_t n, Encoding encoding = Encoding::Utf8);
  void keep(const char* p, std::size_t n);
  // Moves past blank space (and byte order marks) up to the next game's first byte or the end.
  void skip_blank();
  bool at_line_start() const { return cursor.column == 1; }
  // After a syntax error: skip to the next line that starts a game.
  // `may_stay` allows the current line to be the next game's first (the error was found at its start).
  void skip_to_next_game(bool error_line_holds_tags, bool may_stay);

  std::string name;
  Source source;
  ReaderOptions options;
  std::FILE* file = nullptr;

  std::unique_ptr<char[]> buf;
  std::size_t capacity = 0, max_capacity = 0;
  std::size_t begin = 0, end = 0;
  bool eof = false;
  std::exception_ptr read_error;  // what the source threw, thrown again once the bytes read are read
  bool stream_start = true;
  SourcePos cursor{1, 1};
  std::uint64_t offset = 0;  // of buf[begin] in the stream
  Game* keeping = nullptr;   // the game whose bytes consume() keeps, if any

  std::size_t next_index = 1;
  GameBuilder builder;
  ParseState state;
};

void Reader::Impl::make_room() {
  // Called when the buffer is full up to its end. Moving the unconsumed bytes to the front costs
  // at most max_game_bytes and happens once per max_game_bytes consumed: linear overall.
  if (begin > 0 && (begin >= capacity / 2 || capacity == max_capacity)) {
    std::memmove(buf.get(), buf.get() + begin, end - begin);
    end -= begin;
    begin = 0;
    return;
  }
  const std::size_t grown = std::min(max_capacity, std::max(capacity * 2, kInitialCapacity));
  auto bigger = std::make_unique_for_overwrite<char[]>(grown);  // no zeroing: only filled bytes are read
  if (end > begin) std::memcpy(bigger.get(), buf.get() + begin, end - begin);
  end -= begin;
  begin = 0;
  buf = std::move(bigger);
  capacity = grown;
}

void Reader::Impl::fill(std::size_t want) {
  while (!eof && available() < want) {
    if (end == capacity) make_room();
    std::size_t n = 0;
    try {
      n = source(buf.get() + end, std::min(options.chunk_bytes, capacity - end));
    } catch (const std::system_error&) {
      // The input breaks off here (a damaged or cut compressed stream, a read error): the games
      // in the bytes at hand are read as if the input ended, then next() throws this.
      read_error = std::current_exception();
      eof = true;
      break;
    }
    if (n == 0) eof = true;
    end += n;
  }
  if (stream_start && (available() >= 3 || eof)) {
    stream_start = false;
    if (available() >= 3 && std::memcmp(data(), "\xEF\xBB\xBF", 3) == 0) {  // UTF-8 BOM
      begin += 3;
      offset += 3;
    }
  }
}

void Reader::Impl::keep(const char* p, std::size_t n) {
  std::string& raw = keeping->raw;
  const std::size_t room = options.max_raw_bytes - std::min(raw.size(), options.max_raw_bytes);
  const std::size_t taken = std::min(n, room);
  if (taken < n) keeping->raw_cut = true;
  if (taken == 0) return;
  // Grows geometrically, but never past the limit.
  if (raw.capacity() < raw.size() + taken)
    raw.reserve(std::min(options.max_raw_bytes, std::max(raw.size() + taken, 2 * raw.capacity())));
  raw.append(p, taken);
}

void Reader::Impl::consume(std::size_t n, Encoding encoding) {
  if (keeping) keep(data(), n);
  offset += n;
  const char* p = data();
  const char* stop = p + n;
  while (p < stop) {
    const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(stop - p));
    if (!nl) break;
    ++cursor.line;
    cursor.column = 1;
    p = static_cast<const char*>(nl) + 1;
  }
  for (; p < stop; ++p)
    cursor.column += encoding == Encoding::Latin1 || (static_cast<unsigned char>(*p) & 0xC0) != 0x80;
  begin += n;
}

void Reader::Impl::skip_to_next_game(bool error_line_holds_tags, bool may_stay) {
  // A game starts at a line `[Event ...`, or at any tag line once the broken game's own tag lines
  // are behind (a line not starting with '[' has been seen), so that a broken tag never splits a
  // game in two.
  bool seen_other_line = !error_line_holds_tags;
  bool first = may_stay;
  for (;;) {
    if (at_line_start()) {
      fill(kLineLookahead);
      if (available() == 0) return;
      const char* line = data();
      const char* limit = line + std::min(available(), kLineLookahead);
      if (starts_event_tag(line, limit)) return;
      if ((seen_other_line || first) && starts_tag_line(line, limit)) return;
      seen_other_line = seen_other_line || *line != '[';
    }
    first = false;
    // On to the next line.
    for (;;) {
      fill(1);
      if (available() == 0) return;
      const void* nl = std::memchr(data(), '\n', available());
      if (nl) {
        consume(static_cast<std::size_t>(static_cast<const char*>(nl) - data()) + 1);
        break;
      }
      consume(available());
    }
  }
}

void Reader::Impl::skip_blank() {
  for (;;) {
    fill(kLineLookahead);
    const char* p = skip_whitespace(data(), data() + available());
    consume(static_cast<std::size_t>(p - data()));
    // Done at the first byte that is not blank, unless it may be a byte order mark cut by the end
    // of the bytes at hand.
    if (eof || available() >= 3) break;
  }
}

bool Reader::Impl::next(Game& game) {
  keeping = nullptr;

  // Blank space before the first game belongs to no game (after a game, the game took it).
  skip_blank();
  fill(options.first_window_bytes + 1);
  if (available() == 0) {  // the end; an input of blank space only holds no game
    game.clear();
    game.file = name;
    if (read_error) std::rethrow_exception(std::exchange(read_error, nullptr));
    return false;
  }
  const std::size_t index = next_index++;

  // The game is parsed in a window: the bytes at hand, at most max_game_bytes. A parse that never
  // looked at the window's end (parse_game's reached_end) went as it would with all the input; one
  // that did is redone in a window twice as large, until the window holds the rest of the input or
  // max_game_bytes. Memory then follows the longest game, not the limit.
  const char* base = nullptr;
  const char* window_end = nullptr;
  const char* stop = nullptr;      // where the next game's text starts, when the parse succeeded
  const char* resume = nullptr;    // where skipping starts, after an error
  const char* examined = nullptr;  // the part of the text the parser looked at
  // Blank space after a game never counts toward its size: when a game seems to run past the limit
  // but the window ends in blank space, the game is parsed again in the window up to that space
  // (as if the input ended there); if it ends within it, that is where it ends.
  const char* trimmed_end = nullptr;
  bool trim_tried = false;
  for (;;) {
    game.clear();
    game.file = name;
    game.index = index;
    game.start = cursor;
    game.bytes.begin = offset;

    // The game's text must lie within the window; when the window is cut at max_game_bytes (more
    // input follows it) and the parse runs to its end, the game is longer than the limit.
    base = data();
    const std::size_t window = std::min(available(), options.max_game_bytes);
    window_end = trimmed_end ? trimmed_end : base + window;
    const bool cut = !trimmed_end && available() > options.max_game_bytes;
    const bool may_grow = !trimmed_end && window < options.max_game_bytes && !eof;
    const auto near_cut = [&](const char* p) { return cut && p + kWindowSlack >= window_end; };

    builder.begin(game, base, window_end, cursor);
    stop = resume = examined = nullptr;
    bool reached_end = false;
    std::optional<SyntaxFailure> failure;
    try {
      stop = parse_game(base, window_end, state, &reached_end);
    } catch (const SyntaxFailure& f) {
      failure = f;
    }
    // The encoding is judged on the text up to the end of the error's line (the bytes the error
    // stands on count too): that line end must be in the window as well.
    const char* error_line_end =
        failure ? static_cast<const char*>(std::memchr(failure->detected, '\n',
                                                       static_cast<std::size_t>(window_end - failure->detected)))
                : nullptr;
    if (trimmed_end && failure) {  // the game does not end before the blank space: too long after all
      trimmed_end = nullptr;
      continue;
    }
    if (may_grow && (reached_end || (failure && !error_line_end))) {
      fill(std::min(options.max_game_bytes, 2 * window) + 1);
      continue;
    }
    if (!trim_tried && ((!failure && near_cut(stop)) || (failure && near_cut(failure->detected)))) {
      trim_tried = true;
      const char* last = window_end;
      while (last > base && is_ascii_space(last[-1])) --last;
      if (last > base && window_end - last > static_cast<std::ptrdiff_t>(kWindowSlack)) {
        trimmed_end = last;
        continue;
      }
    }

    if (!failure) {
      examined = stop;
      if (near_cut(stop)) stop = nullptr, resume = examined = window_end;
    } else if (near_cut(failure->detected)) {
      resume = examined = window_end;
    } else {
      std::string message = failure->message;
      if (failure->depth_limit) message += " (limit " + std::to_string(options.max_variation_depth) + ")";
      if (failure->ply_limit) message += " (limit " + std::to_string(options.max_plies) + " plies)";
      game.error = SyntaxError{std::move(message), builder.position(failure->reported)};
      resume = failure->detected;
      examined = error_line_end ? error_line_end : window_end;
    }
    break;
  }
  if (!stop && !game.error) {
    game.error = SyntaxError{std::string(grammar::error_message<grammar::game_too_long>) + " (limit " +
                                 std::to_string(options.max_game_bytes) + " bytes)",
                             game.start};
  }

  // Whether the line the error stands on holds tags, even broken ones (then the tag lines after
  // it still belong to the broken game).
  bool error_line_holds_tags = false;
  if (resume) {
    const char* line = resume;
    while (line > base && line[-1] != '\n') --line;
    error_line_holds_tags = line < window_end && *line == '[';
  }

  // A header that ran into the next game's tags (a name it already holds, mid-line too): the next
  // game starts right at that tag, with nothing to skip.
  if (resume && resume < window_end && *resume == '[' && game.error &&
      game.error->message == grammar::error_message<grammar::tags_then_body>) {
    stop = resume;
  }

  builder.finish(examined);
  if (game.tags.empty() && !holds_a_move(game)) {
    if (!game.error) game.error = SyntaxError{kNotAGame, game.start};
    game.plies.clear();
  }
  if (options.keep_raw_text && options.keep_raw_text(game)) keeping = &game;
  if (stop) {
    consume(static_cast<std::size_t>(stop - base), game.encoding);
  } else {
    consume(static_cast<std::size_t>(resume - base), game.encoding);
    skip_to_next_game(error_line_holds_tags, resume != base);
  }
  // The blank space up to the next game is this game's: ranges follow each other without a gap,
  // and a game's raw text runs to the next game's first byte.
  skip_blank();
  keeping = nullptr;
  game.bytes.end = offset;
  return true;
}

Reader::Reader(const std::string& path, ReaderOptions options) {
  std::FILE* f = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
  if (!f) throw std::system_error(errno, std::generic_category(), path);
  impl_ = std::make_unique<Impl>(path, file_source(f, path), options);
  impl_->file = f;
}

Reader::Reader(std::string name, std::string_view text, ReaderOptions options) {
  auto copy = std::make_shared<std::string>(text);
  auto offset = std::make_shared<std::size_t>(0);
  Source source = [copy, offset](char* buffer, std::size_t size) {
    const std::size_t n = std::min(size, copy->size() - *offset);
    std::memcpy(buffer, copy->data() + *offset, n);
    *offset += n;
    return n;
  };
  impl_ = std::make_unique<Impl>(std::move(name), std::move(source), options);
}

Reader::Reader(std::string name, Source source, ReaderOptions options)
    : impl_(std::make_unique<Impl>(std::move(name), std::move(source), options)) {}

Reader::~Reader() = default;

void Reader::restart(std::string name, Source source, ReaderOptions options) {
  std::unique_ptr<char[]> buffer = std::move(impl_->buf);
  const std::size_t capacity = impl_->capacity;
  impl_ = std::make_unique<Impl>(std::move(name), std::move(source), options);
  // A buffer grown for a long game is let go.
  if (capacity <= std::min(impl_->max_capacity, std::size_t{1} << 20)) {
    impl_->buf = std::move(buffer);
    impl_->capacity = capacity;
  }
}

bool Reader::next(Game& game) { return impl_->next(game); }

std::size_t Reader::buffer_capacity() const { return impl_->capacity; }

}  // namespace bpgn
