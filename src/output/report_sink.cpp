#include "output/report_sink.h"

#include <charconv>

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

void RenderedReport::write_text(std::ostream& out, const RenderedGame& game, std::string_view prefix) {
  constexpr std::size_t npos = std::string_view::npos;
  if (game.index_at.index == npos && game.index_at.file_index == npos && prefix.empty()) {
    if (!game.text.empty()) out.write(game.text.data(), std::streamsize(game.text.size()));
    return;
  }
  line_.assign(prefix);
  std::size_t from = 0;
  const auto put = [&](std::size_t at, std::size_t number) {
    if (at == npos) return;
    line_.append(game.text, from, at - from);
    char digits[24];
    const auto r = std::to_chars(digits, digits + sizeof digits, number);
    line_.append(digits, std::size_t(r.ptr - digits));
    from = at;
  };
  put(game.index_at.index, game.index);  // the index comes first where both are written
  put(game.index_at.file_index, game.file_index);
  line_.append(game.text, from);
  out.write(line_.data(), std::streamsize(line_.size()));
}

}  // namespace bpgn
