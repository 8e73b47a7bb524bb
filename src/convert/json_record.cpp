#include "convert/json_record.h"

#include "core/fen.h"
#include "core/san.h"
#include "output/canonical_writer.h"
#include "output/json_writer.h"
#include "output/report_json.h"
#include "text/visible_text.h"

#include <cmath>

namespace bpgn {
namespace {

// The comments that are not fmt's own markers, as an array of strings.
void write_comments(JsonWriter& w, const std::vector<Comment>& comments) {
  w.begin_array();
  for (const Comment& c : comments) {
    if (!is_fmt_marker(c.text)) w.text(c.text);
  }
  w.end_array();
}

bool has_comments(const std::vector<Comment>& comments) {
  for (const Comment& c : comments) {
    if (!is_fmt_marker(c.text)) return true;
  }
  return false;
}

// {"index", "file", "line", "status", "error": {"message", "line", "column"}, "raw"}: a record
// written as found.
void append_as_found(const Game& game, std::string_view raw, std::string_view status, std::string_view message,
                     SourcePos pos, std::string& out) {
  std::string text;
  write_as_found(raw, text);  // UTF-8 and LF, as fmt writes it
  JsonWriter w(out);
  w.begin_object();
  w.key("index").number(game.index);
  w.key("file").string(visible_text(game.file));
  w.key("line").number(game.start.line);
  w.key("status").string(status);
  w.key("error").begin_object();
  w.key("message").string(shown_message(message));
  w.key("line").number(pos.line);
  w.key("column").number(pos.column);
  w.end_object();
  w.key("raw").text(text);
  w.end_object();
  out += '\n';
}

// The record's tags as an object, the first of repeated tags.
void write_tags(JsonWriter& w, const std::vector<Tag>& tags) {
  w.begin_object();
  for (std::size_t i = 0; i < tags.size(); ++i) {
    bool repeated = false;
    for (std::size_t k = 0; k < i && !repeated; ++k) repeated = tags[k].name == tags[i].name;
    if (!repeated) w.key(tags[i].name).text(tags[i].value);
  }
  w.end_object();
}

}  // namespace

void append_json_record(const Game& game, const ReplayResult& replay, const JsonRecordOptions& options,
                        std::string& out) {
  const bool two_boards = game.dialect == Dialect::Bpgn;
  JsonWriter w(out);
  w.begin_object();
  w.key("index").number(game.index);
  w.key("file").string(visible_text(game.file));
  w.key("line").number(game.start.line);
  w.key("format").string(two_boards ? "bpgn" : "pgn");
  w.key("rules").string(replay.rules.name);
  w.key("status").string(replay.has_error() ? "invalid" : "valid");
  w.key("tags");
  write_tags(w, game.tags);

  // Start position of each board: before its first move that was replayed.
  w.key("start").begin_object();
  const int boards = two_boards ? 2 : 1;
  for (int b = 0; b < boards; ++b) {
    w.key(board_name(Board(b)));
    const Position* before = nullptr;
    for (std::size_t i = 0; i < game.plies.size() && i < replay.before.size(); ++i) {
      if (int(game.plies[i].board) == b && (before = replay.kept_before(i))) break;
    }
    if (before) w.plain_string([&](std::string& s) { append_fen(*before, replay.rules.drops, s); });
    else w.null();
  }
  w.end_object();
  w.key("leading_comments");
  write_comments(w, game.leading_comments);

  w.key("plies").begin_array();
  MoveNumbers numbers;
  for (std::size_t i = 0; i < game.plies.size(); ++i) {
    const Ply& ply = game.plies[i];
    const PlyOutcome* outcome = i < replay.plies.size() ? &replay.plies[i] : nullptr;
    const bool played = outcome && outcome->replayed;
    w.begin_object();
    w.key("ply").number(i + 1);
    w.key("board").string(board_name(ply.board));
    if (two_boards) w.key("seat").string(seat_tag(seat_of(ply.board, ply.color)));
    const Position* before = replay.kept_before(i);  // for the position after the ply
    w.key("color").string(color_word(played_color(ply, outcome)));  // one-board PGN: as the SAN decided
    w.key("number").number(numbers.next(ply, replay, i));
    w.key("san").string(san_to_write(ply, outcome));
    w.key("written").text(ply.san);
    w.key("uci");
    if (played) w.string(to_uci(outcome->move));
    else w.null();
    w.key("replayed").boolean(played);
    if (ply.clock.kind != ClockKind::None) {
      w.key("clock").number(ply.clock.seconds);
      w.key("clock_kind").string(ply.clock.kind == ClockKind::Remaining ? "remaining" : "since-start");
      w.key("clock_text").text(ply.clock.text);
    } else {
      w.key("clock").null();
    }
    // Milliseconds are the finest any record writes; more digits would only be rounding noise.
    w.key("time");
    if (outcome && outcome->time) w.number(std::round(*outcome->time * 1000) / 1000);
    else w.null();
    if (options.fen) {
      w.key("fen");
      if (played && before) {
        Position after = *before;
        after.play(outcome->move, replay.rules);
        w.plain_string([&](std::string& s) { append_fen(after, replay.rules.drops, s); });
      } else {
        w.null();
      }
    }
    if (!ply.nags.empty()) {
      w.key("nags").begin_array();
      for (int nag : ply.nags) w.number(nag);
      w.end_array();
    }
    if (has_comments(ply.comments)) {
      w.key("comments");
      write_comments(w, ply.comments);
    }
    if (!ply.variations.empty()) {
      w.key("variations").begin_array();
      for (const std::string& v : ply.variations) w.text(v);
      w.end_array();
    }
    w.end_object();
  }
  w.end_array();
  w.key("termination").text_or_null(game.termination);

  w.key("result");
  write_outcome(w, replay.outcome);

  w.key("final").begin_object();
  for (int b = 0; b < boards && b < int(replay.final.size()); ++b) {
    w.key(board_name(Board(b)));
    w.plain_string([&](std::string& s) { append_fen(replay.final[std::size_t(b)], replay.rules.drops, s); });
  }
  w.end_object();

  w.key("violations").begin_array();
  for (const Violation& v : replay.violations) write_violation(w, v);
  w.end_array();
  w.end_object();
  out += '\n';
}

void append_json_unreadable(const Game& game, std::string_view raw, std::string& out) {
  if (game.error) {
    append_as_found(game, raw, "unreadable", game.error->message, game.error->pos, out);
  } else {
    append_as_found(game, raw, "unreadable", "not a game record", game.start, out);
  }
}

void append_json_unsupported(const Game& game, std::string_view raw, const Violation& error, std::string& out) {
  append_as_found(game, raw, "unsupported-variant", error.message, error.pos, out);
}

}  // namespace bpgn
