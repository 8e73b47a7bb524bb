#include "output/report_sink.h"

namespace bpgn {

void RenderedReport::game(const Game& game, const CheckedGame& checked) {
  if (!own_) own_ = renderer();
  buffer_.clear();
  RenderedGame rendered;
  rendered.index_at = own_->render(game, checked, buffer_);
  rendered.text = buffer_;
  rendered.index = game.index;
  std::string alone;
  if (!started_) alone = own_->alone(game, checked);
  rendered.alone = alone;
  write_rendered(rendered);
}

void RenderedReport::write_rendered(const RenderedGame& game) {
  const bool first = !started_;
  if (first) alone_ = game.alone;
  started_ = true;
  write(game, first);
}

void RenderedReport::write_text(std::ostream& out, const RenderedGame& game) {
  if (game.index_at == std::string_view::npos) {
    out << game.text;
  } else {
    out << game.text.substr(0, game.index_at) << game.index << game.text.substr(game.index_at);
  }
}

}  // namespace bpgn
