// One board of a chess.com bughouse match as its live-game JSON gives it (corpus/chesscom/).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bpgn {

struct ChessComBoard {
  std::string source;             // file name, for messages
  std::uint64_t id = 0;           // game.id
  std::uint64_t partner_id = 0;   // game.partnerGameId (0 when absent)
  std::string move_list;          // game.moveList in TCN, two characters per ply
  std::vector<int> clock_tenths;  // game.moveTimestamps: the mover's remaining clock after each ply
  int base_tenths = 0;            // game.baseTime1
  int increment_tenths = 0;       // game.timeIncrement1 (chess.com counts it in tenths like baseTime1)
  std::string initial_setup;      // game.initialSetup: a FEN, empty for the normal start
  std::string color_of_winner;    // "white", "black" or empty
  std::string end_reason;      // game.gameEndReason: checkmated, resigned, timeout, bughousepartnerlose, ...
  std::string result_message;  // game.resultMessage, e.g. "Emeraldddd won by checkmate"
  std::vector<std::pair<std::string, std::string>> headers;  // game.pgnHeaders in document order

  std::size_t plies() const { return move_list.size() / 2; }
  // The value of a pgnHeaders entry, or nullptr.
  const std::string* header(std::string_view name) const;
};

// Reads one chess.com game document. When the text is not a board file (another JSON document,
// such as match-index.json, or no JSON at all) returns nullopt and says why in `why_not`. A JSON
// document past the reader's depth limit (output/json_input.h) is an unreadable input: nullopt, and
// `*unreadable` set when given.
std::optional<ChessComBoard> parse_chesscom_board(std::string_view json_text, std::string source,
                                                  std::string& why_not, bool* unreadable = nullptr);

}  // namespace bpgn
