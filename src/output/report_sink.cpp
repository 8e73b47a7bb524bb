#include "output/report_sink.h"

namespace bpgn {

void RenderedReport::game(const Game& game, const CheckedGame& checked) {
  if (!own_) own_ = renderer();
  buffer_.clear();
  RenderedGame rendered;
  rendered.index_at = own_->render(game, checked, buffer_);
  rendered.text = buffer_;
  rendered.index = game.index;
  rendered.file_index = game.file_index;
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

IndexPlaces IndexPlaces::after(std::size_t begin) const {
  constexpr std::size_t npos = std::string_view::npos;
  return IndexPlaces{index == npos ? npos : index - begin, file_index == npos ? npos : file_index - begin};
}

void RenderedReport::write_text(std::ostream& out, const RenderedGame& game) {
  constexpr std::size_t npos = std::string_view::npos;
  std::size_t from = 0;
  const auto put = [&](std::size_t at, std::size_t number) {
    if (at == npos) return;
    out << game.text.substr(from, at - from) << number;
    from = at;
  };
  put(game.index_at.index, game.index);  // the index comes first where both are written
  put(game.index_at.file_index, game.file_index);
  out << game.text.substr(from);
}

}  // namespace bpgn
