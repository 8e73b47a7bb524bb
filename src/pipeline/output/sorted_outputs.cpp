#include "pipeline/output/sorted_outputs.h"
#include "text/visible_text.h"

#include "convert/as_found.h"
#include "pipeline/run/check_game.h"

namespace bpgn {

bool SortedText::make(const Game& game, std::string& out) {
  out.clear();
  if (canonical_ && !written_as_found(game)) {
    writer_.write(game, replay_for_output(game, choice_), out);
    return true;
  }
  if (game.raw_cut) return false;
  if (canonical_) {
    write_as_found(game.raw, out);
  } else {
    out = game.raw;
  }
  return true;
}

std::ostream* SortedOutputs::target(SortedKind& kind) const {
  if (kind == SortedKind::Duplicate && !file[3]) kind = SortedKind::Valid;
  return file[std::size_t(kind)];
}

void SortedOutputs::emit(SortedKind kind, std::string_view text) {
  std::ostream* f = target(kind);
  if (!f) return;
  const std::size_t k = std::size_t(kind);
  if (canonical && started[k]) f->put('\n');
  f->write(text.data(), std::streamsize(text.size()));
  started[k] = true;
  ++written[k];
}

void SortedOutputs::too_long(const Game& game, SortedKind kind, std::ostream& err) {
  if (!target(kind)) return;
  err << "bpgn check: the game at " << shown_path(game.file) << ":" << game.start.line << " is too long to be written as found to "
      << shown_path(name[std::size_t(kind)]) << "\n";
  failed = true;
}

}  // namespace bpgn
