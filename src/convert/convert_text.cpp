#include "convert/convert_text.h"

#include "convert/board_pgn.h"

namespace bpgn {

std::optional<ConvertTarget> convert_target(std::string_view name) {
  if (name == "bpgn") return ConvertTarget::Bpgn;
  if (name == "pgn") return ConvertTarget::Pgn;
  if (name == "json") return ConvertTarget::Json;
  return std::nullopt;
}

void RecordConverter::write(const Game& game, const ReplayResult& result, std::string& out) {
  if (target_ == ConvertTarget::Json) {
    append_json_record(game, result, json_, out);
  } else if (target_ == ConvertTarget::Pgn && game.dialect == Dialect::Bpgn) {
    append_board_pgns(game, result, out);
  } else {
    writer_.write(game, result, out);
  }
}

void RecordConverter::unreadable(const Game& game, std::string_view raw, std::string& out) const {
  if (target_ == ConvertTarget::Json) {
    append_json_unreadable(game, raw, out);
  } else {
    write_as_found(raw, out);
  }
}

void RecordConverter::unsupported(const Game& game, std::string_view raw, const Violation& error,
                                  std::string& out) const {
  if (target_ == ConvertTarget::Json) {
    append_json_unsupported(game, raw, error, out);
  } else {
    write_as_found(raw, out);
  }
}

}  // namespace bpgn
