// ReadStream: the games as the reader gives them, turned into the facade's plain records.
#include "api/api_support.h"
#include "api/bpgn_api.h"

#include <utility>

namespace bpgn::api {
namespace {

RecordPly ply_of(const Ply& p) {
  RecordPly out;
  out.seat = std::string(seat_tag(seat_of(p.board, p.color)));
  out.board = board_letter(p.board);
  out.colour = std::string(color_word(p.color));
  out.number = p.number;
  out.san = p.san;
  if (p.clock.kind != ClockKind::None) out.clock = p.clock.text;
  out.line = p.san_pos.line;
  out.column = p.san_pos.column;
  return out;
}

RecordGame record_of(const Game& game) {
  RecordGame out;
  out.index = game.index;
  out.file_index = game.file_index;
  out.file = game.file;
  out.line = game.start.line;
  out.dialect = game.dialect == Dialect::Bpgn ? "bpgn" : "pgn";
  for (const Tag& t : game.tags) out.tags.emplace_back(t.name, t.value);
  out.plies.reserve(game.plies.size());
  for (const Ply& p : game.plies) out.plies.push_back(ply_of(p));
  out.result = game.result;
  if (game.error) {
    out.error = ReadError{game.error->message, game.error->pos.line, game.error->pos.column};
    return out;
  }
  // A broken tag is left out of the game (check says so with a syntax error): the record is not
  // read whole either.
  for (const ReadNote& n : game.notes) {
    if (n.kind != ReadNote::Kind::BadTag) continue;
    out.error = ReadError{"broken tag " + n.text + ": " + n.message, n.pos.line, n.pos.column};
    break;
  }
  return out;
}

}  // namespace

struct ReadStream::Impl {
  explicit Impl(const Input& input) : source(input, {}) {}
  GameSource source;
  Game game;
};

ReadStream::ReadStream(const Input& input) : impl_(std::make_unique<Impl>(input)) {}
ReadStream::~ReadStream() = default;
ReadStream::ReadStream(ReadStream&&) noexcept = default;
ReadStream& ReadStream::operator=(ReadStream&&) noexcept = default;

std::optional<RecordGame> ReadStream::next() {
  if (!impl_->source.next(impl_->game)) return std::nullopt;
  return record_of(impl_->game);
}

std::vector<RecordGame> read(const Input& input) {
  ReadStream stream(input);
  std::vector<RecordGame> games;
  while (auto game = stream.next()) games.push_back(std::move(*game));
  return games;
}

}  // namespace bpgn::api
