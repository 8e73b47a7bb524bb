#include "convert/json_record.h"

#include "core/fen.h"
#include "core/san.h"
#include "output/canonical_writer.h"
#include "output/report_json.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace bpgn {
namespace {

using Json = nlohmann::ordered_json;


Json or_null(std::string_view s) { return s.empty() ? Json(nullptr) : Json(std::string(s)); }

void dump_line(const Json& j, std::string& out) {
  out += dump_json(j);  // the one JSON text form of every report
  out += '\n';
}

Json comments_json(const std::vector<Comment>& comments) {
  Json list = Json::array();
  for (const Comment& c : comments) {
    if (!is_fmt_marker(c.text)) list.push_back(c.text);
  }
  return list;
}

// {"index", "file", "line", "status", "error": {"message", "line", "column"}, "raw"}: a record
// written as found.
void append_as_found(const Game& game, std::string_view raw, std::string_view status, std::string_view message,
                     SourcePos pos, std::string& out) {
  Json j;
  j["index"] = game.index;
  j["file"] = game.file;
  j["line"] = game.start.line;
  j["status"] = status;
  Json error;
  error["message"] = message;
  error["line"] = pos.line;
  error["column"] = pos.column;
  j["error"] = std::move(error);
  std::string text;
  write_as_found(raw, text);  // UTF-8 and LF, as fmt writes it
  j["raw"] = std::move(text);
  dump_line(j, out);
}

}  // namespace

void append_json_record(const Game& game, const ReplayResult& replay, const JsonRecordOptions& options,
                        std::string& out) {
  const bool two_boards = game.dialect == Dialect::Bpgn;
  Json j;
  j["index"] = game.index;
  j["file"] = game.file;
  j["line"] = game.start.line;
  j["format"] = two_boards ? "bpgn" : "pgn";
  j["rules"] = replay.rules.name;
  j["status"] = replay.has_error() ? "invalid" : "valid";
  Json tags = Json::object();
  for (const Tag& t : game.tags) {
    if (!tags.contains(t.name)) tags[t.name] = t.value;  // the first of repeated tags
  }
  j["tags"] = std::move(tags);

  // Start position of each board: before its first move that was replayed.
  Json start = Json::object();
  const int boards = two_boards ? 2 : 1;
  for (int b = 0; b < boards; ++b) {
    std::optional<std::string> fen;
    for (std::size_t i = 0; i < game.plies.size() && i < replay.plies.size(); ++i) {
      if (int(game.plies[i].board) == b && replay.plies[i].before) {
        fen = to_fen(*replay.plies[i].before, replay.rules.drops);
        break;
      }
    }
    start[board_name(Board(b))] = fen ? Json(*fen) : Json(nullptr);
  }
  j["start"] = std::move(start);
  j["leading_comments"] = comments_json(game.leading_comments);

  Json plies = Json::array();
  MoveNumbers numbers;
  for (std::size_t i = 0; i < game.plies.size(); ++i) {
    const Ply& ply = game.plies[i];
    const PlyOutcome* outcome = i < replay.plies.size() ? &replay.plies[i] : nullptr;
    const bool played = outcome && outcome->replayed;
    Json p;
    p["ply"] = i + 1;
    p["board"] = board_name(ply.board);
    if (two_boards) {
      p["seat"] = seat_tag(seat_of(ply.board, ply.color));
    }
    p["color"] = color_word(played_color(ply, outcome));  // one-board PGN: as the SAN decided
    p["number"] = numbers.next(ply, outcome);
    p["san"] = san_to_write(ply, outcome);
    p["written"] = ply.san;
    p["uci"] = played ? Json(to_uci(outcome->move)) : Json(nullptr);
    p["replayed"] = played;
    if (ply.clock.kind != ClockKind::None) {
      p["clock"] = ply.clock.seconds;
      p["clock_kind"] = ply.clock.kind == ClockKind::Remaining ? "remaining" : "since-start";
      p["clock_text"] = ply.clock.text;
    } else {
      p["clock"] = nullptr;
    }
    // Milliseconds are the finest any record writes; more digits would only be rounding noise.
    p["time"] = outcome && outcome->time ? Json(std::round(*outcome->time * 1000) / 1000) : Json(nullptr);
    if (options.fen) {
      if (played && outcome->before) {
        Position after = *outcome->before;
        after.play(outcome->move, replay.rules);
        p["fen"] = to_fen(after, replay.rules.drops);
      } else {
        p["fen"] = nullptr;
      }
    }
    if (!ply.nags.empty()) p["nags"] = ply.nags;
    if (Json c = comments_json(ply.comments); !c.empty()) p["comments"] = std::move(c);
    if (!ply.variations.empty()) p["variations"] = ply.variations;
    plies.push_back(std::move(p));
  }
  j["plies"] = std::move(plies);
  j["termination"] = or_null(game.termination);

  j["result"] = outcome_json(replay.outcome);

  Json final_positions = Json::object();
  for (int b = 0; b < boards && b < int(replay.final.size()); ++b) {
    final_positions[board_name(Board(b))] = to_fen(replay.final[std::size_t(b)], replay.rules.drops);
  }
  j["final"] = std::move(final_positions);

  Json violations = Json::array();
  for (const Violation& v : replay.violations) violations.push_back(violation_json(v));
  j["violations"] = std::move(violations);
  dump_line(j, out);
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
