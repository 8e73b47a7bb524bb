#include "convert/chesscom_board.h"

#include "output/json_input.h"

#include <charconv>
#include <cmath>

namespace bpgn {
namespace {

using Json = nlohmann::ordered_json;

// chess.com writes ids as numbers, index files as strings: accept both.
std::uint64_t as_id(const Json& v) {
  if (v.is_number_unsigned() || v.is_number_integer()) return v.get<std::uint64_t>();
  if (v.is_string()) {
    const std::string& s = v.get_ref<const std::string&>();
    std::uint64_t out = 0;
    std::from_chars(s.data(), s.data() + s.size(), out);
    return out;
  }
  return 0;
}

int as_tenths(const Json& v) {
  if (v.is_number()) return int(std::lround(v.get<double>()));
  return 0;
}

std::string as_text(const Json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_null()) return {};
  return v.dump();  // numbers (Elo) as written
}

std::string string_field(const Json& game, const char* key) {
  auto it = game.find(key);
  return it == game.end() ? std::string() : as_text(*it);
}

std::vector<int> parse_clock_list(std::string_view text) {
  std::vector<int> out;
  while (!text.empty()) {
    const auto comma = text.find(',');
    std::string_view item = text.substr(0, comma);
    int value = 0;
    std::from_chars(item.data(), item.data() + item.size(), value);
    out.push_back(value);
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return out;
}

}  // namespace

const std::string* ChessComBoard::header(std::string_view name) const {
  for (const auto& [k, v] : headers) {
    if (k == name) return &v;
  }
  return nullptr;
}

std::optional<ChessComBoard> parse_chesscom_board(std::string_view json_text, std::string source,
                                                  std::string& why_not, bool* unreadable) {
  JsonRefusal refusal;
  std::optional<Json> read = read_json_document(json_text, refusal);
  if (!read) {
    why_not = refusal.why;
    if (unreadable) *unreadable = refusal.kind == JsonRefusal::Kind::TooDeep;
    return std::nullopt;
  }
  Json& doc = *read;
  if (!doc.is_object() || !doc.contains("game") || !doc["game"].is_object()) {
    why_not = "not a chess.com board file (no \"game\" object)";
    return std::nullopt;
  }
  const Json& game = doc["game"];
  auto moves = game.find("moveList");
  if (moves == game.end() || !moves->is_string()) {
    why_not = "not a chess.com board file (no game.moveList)";
    return std::nullopt;
  }
  ChessComBoard board;
  board.source = std::move(source);
  board.move_list = moves->get<std::string>();
  if (auto it = game.find("id"); it != game.end()) board.id = as_id(*it);
  if (auto it = game.find("partnerGameId"); it != game.end()) board.partner_id = as_id(*it);
  board.clock_tenths = parse_clock_list(string_field(game, "moveTimestamps"));
  if (auto it = game.find("baseTime1"); it != game.end()) board.base_tenths = as_tenths(*it);
  if (auto it = game.find("timeIncrement1"); it != game.end()) board.increment_tenths = as_tenths(*it);
  board.initial_setup = string_field(game, "initialSetup");
  board.color_of_winner = string_field(game, "colorOfWinner");
  board.end_reason = string_field(game, "gameEndReason");
  board.result_message = string_field(game, "resultMessage");
  if (auto it = game.find("pgnHeaders"); it != game.end() && it->is_object()) {
    for (const auto& [key, value] : it->items()) board.headers.emplace_back(key, as_text(value));
  }
  return board;
}

}  // namespace bpgn
