#include "convert/json_record.h"

#include "core/fen.h"
#include "core/san.h"
#include "output/canonical_writer.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace bpgn {
namespace {

using Json = nlohmann::ordered_json;

const char* board_name(Board b) { return b == Board::A ? "A" : "B"; }
const char* color_name(Color c) { return c == White ? "white" : "black"; }

Json or_null(std::string_view s) { return s.empty() ? Json(nullptr) : Json(std::string(s)); }

void dump_line(const Json& j, std::string& out) {
  out += j.dump(-1, ' ', false, Json::error_handler_t::replace);
  out += '\n';
}

Json comments_json(const std::vector<Comment>& comments) {
  Json list = Json::array();
  for (const Comment& c : comments) {
    if (!is_fmt_marker(c.text)) list.push_back(c.text);
  }
  return list;
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
      p["seat"] = std::string(ply.color == White ? "White" : "Black") + board_name(ply.board);
    }
    p["color"] = color_name(played_color(ply, outcome));  // one-board PGN: as the SAN decided
    p["number"] = numbers.next(ply, outcome);
    p["san"] =
        played && !outcome->canonical_san.empty() ? outcome->canonical_san : normalised_written_san(ply.san);
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

  const Outcome& o = replay.outcome;
  Json result;
  result["recorded"] = or_null(o.recorded);
  result["computed"] = or_null(o.computed);
  result["winner"] = or_null(to_string(o.winner));
  result["reason"] = or_null(to_string(o.reason));
  result["board"] = o.board ? Json(board_name(*o.board)) : Json(nullptr);
  if (o.points) {
    Json points = Json::object();
    for (const auto& [seat, value] : *o.points) points[seat] = value;
    result["points"] = std::move(points);
  }
  j["result"] = std::move(result);

  Json final_positions = Json::object();
  for (int b = 0; b < boards && b < int(replay.final.size()); ++b) {
    final_positions[board_name(Board(b))] = to_fen(replay.final[std::size_t(b)], replay.rules.drops);
  }
  j["final"] = std::move(final_positions);

  Json violations = Json::array();
  for (const Violation& v : replay.violations) {
    Json x;
    x["code"] = info(v.code).code;
    x["severity"] = std::string(to_string(v.severity));
    x["ply"] = v.ply ? Json(*v.ply + 1) : Json(nullptr);
    x["board"] = v.board ? Json(board_name(*v.board)) : Json(nullptr);
    x["color"] = v.color ? Json(color_name(*v.color)) : Json(nullptr);
    x["move_number"] = v.move_number ? Json(*v.move_number) : Json(nullptr);
    x["move"] = or_null(v.move);
    x["line"] = v.pos.line;
    x["column"] = v.pos.column;
    x["message"] = v.message;
    violations.push_back(std::move(x));
  }
  j["violations"] = std::move(violations);
  dump_line(j, out);
}

void append_json_unreadable(const Game& game, std::string_view raw, std::string& out) {
  Json j;
  j["index"] = game.index;
  j["file"] = game.file;
  j["line"] = game.start.line;
  j["status"] = "unreadable";
  Json error;
  error["message"] = game.error ? game.error->message : "not a game record";
  error["line"] = game.error ? game.error->pos.line : game.start.line;
  error["column"] = game.error ? game.error->pos.column : game.start.column;
  j["error"] = std::move(error);
  std::string text;
  write_as_found(raw, text);  // UTF-8 and LF, as fmt writes it
  j["raw"] = std::move(text);
  dump_line(j, out);
}

void append_json_unsupported(const Game& game, std::string_view raw, const Violation& error, std::string& out) {
  Json j;
  j["index"] = game.index;
  j["file"] = game.file;
  j["line"] = game.start.line;
  j["status"] = "unsupported-variant";
  Json e;
  e["message"] = error.message;
  e["line"] = error.pos.line;
  e["column"] = error.pos.column;
  j["error"] = std::move(e);
  std::string text;
  write_as_found(raw, text);
  j["raw"] = std::move(text);
  dump_line(j, out);
}

}  // namespace bpgn
