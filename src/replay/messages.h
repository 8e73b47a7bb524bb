// Words and small texts shared by the replay's violation messages (English, one style).
#pragma once

#include "core/position.h"
#include "core/types.h"
#include "record/game.h"
#include "replay/violation.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace bpgn {

// "pawn", "knight", ..., "king".
std::string_view piece_name(PieceType t);

// "White on board A" (two boards) or "White" (one board); with the player the record names,
// "Black (Rabbos) on board B", "White (Carlsen)".
std::string who(Board b, Color c, int boards, std::string_view player = {});
// The player a record names for a seat: its WhiteA/BlackA/WhiteB/BlackB tag (two boards) or its
// White/Black tag (one board); empty when the tag is missing, empty or "?".
std::string_view player_of(const Game& game, Board b, Color c, int boards);
// A seat by its player's name, else by the seat ("WhiteB"; one board: "White"): the reports' short form.
std::string seat_name(const Game& game, Seat seat, int boards);
// The move with the number given (as written, or counted by move_numbers): "12A. N@f3", "12. Nf3",
// "12... Nf3".
std::string move_ref(const Ply& ply, int number, int boards);
// The move numbers of every ply: as written, else counted on its board from the ply before (a
// black move after White's move N is N, a white move after Black's is N + 1; a board's first move
// is 1), so that `1. e4 e5 Nf3` names Nf3 `2. Nf3`.
std::vector<int> move_numbers(const Game& game);
// Ply `index` of the game as written, with its number counted as move_numbers does where none is
// written: `2... Nc6`, `23b. Q@f6`.
std::string move_ref(const Game& game, std::size_t index, int boards);
// One side's holding in FEN letters: "[QNP]" for White, "[qnp]" for Black, "[]" when empty.
std::string holding_text(const Holding& h, Color c);
// One side's holding in words: "a knight and two pawns", "a queen, a rook and a pawn", "nothing".
std::string holding_words(const Holding& h);
// Seconds with at most three decimals and no trailing zeros: 58.345, 12.5, 179.
std::string seconds_text(double s);

// A violation about ply `index` of `game`: board, colour, written number, move text and the
// position of the move (`at_number`: the move number's position instead of the SAN's).
Violation ply_violation(ViolationCode code, const Game& game, std::size_t index, std::string message,
                        bool at_number = false);
// A violation that concerns no move (tags, result): board, colour and number are null.
Violation game_violation(ViolationCode code, SourcePos pos, std::string message);

}  // namespace bpgn
