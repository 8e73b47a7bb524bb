// A program outside the project built against the installed bpgn: checks a record with an illegal
// drop through the facade and counts crazyhouse perft from the start position with the core.
#include <bpgn/bpgn.h>

#include "core/fen.h"
#include "core/movegen.h"
#include "rules/rule_set.h"

#include <iostream>

int main() {
  const std::string record =
      "[Event \"consumer\"]\n[WhiteA \"a\"][BlackA \"b\"][WhiteB \"c\"][BlackB \"d\"]\n[Result \"*\"]\n\n"
      "1A. e4 1a. e5 1B. N@f3 *\n";
  for (const bpgn::api::CheckedGame& game : bpgn::api::check(bpgn::api::Input::from_text(record, "planted.bpgn"))) {
    std::cout << "game " << game.index << " " << game.status;
    for (const bpgn::api::Violation& v : game.violations) {
      std::cout << " " << v.code << " board " << v.board.value_or('?') << " move " << v.move_number.value_or(0)
                << " at " << v.line << ":" << v.column;
    }
    std::cout << "\n";
  }
  bpgn::Position pos;
  if (bpgn::parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", pos)) return 1;
  std::cout << "perft 3 " << bpgn::perft(pos, bpgn::crazyhouse_rules(), 3) << "\n";
  std::cout << "version " << bpgn::api::version() << "\n";
  return 0;
}
