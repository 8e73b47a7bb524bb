#include "pipeline/commands/convert_game.h"

#include "output/report_text.h"
#include "pipeline/run/check_game.h"

namespace bpgn {

GameToConvert::Kind convert_kind(const Game& game) {
  if (unsupported_variant(game)) return GameToConvert::Kind::Unsupported;
  if (game.error || !game.readable()) return GameToConvert::Kind::Unreadable;
  return GameToConvert::Kind::Record;
}

bool GameConverter::left_out(const Game& game, const ReplayResult* result) const {
  const GameFilter* filter = settings_.filter;
  return filter && (!filter->keeps_record(game) || (result && !filter->keeps_checked(game, *result)));
}

void GameConverter::convert(const Game& game, const GameToConvert& what, ConvertedGame& out) {
  prepare(game, what, prepared_);
  record(game, what, prepared_, out);
}

void GameConverter::prepare(const Game& game, const GameToConvert& what, PreparedGame& out) {
  out.as = ConvertedAs::LeftOut;
  out.error = false;
  out.result.reset();
  out.messages.clear();
  if (left_out(game, nullptr)) return;
  messages_.str(std::string());
  std::ostream* say = settings_.quiet ? nullptr : &messages_;
  using Kind = GameToConvert::Kind;
  if (what.kind == Kind::Unreadable) {
    // Replayed only for a filter that needs it (--variant, --has, --lacks).
    if (settings_.filter && settings_.filter->needs_replay()) {
      const ReplayResult result = replay_for_output(game, settings_.choice, settings_.filter->probe());
      if (left_out(game, &result)) return;
    }
    if (say) write_unreadable(*say, game);
    out.as = ConvertedAs::AsFound;
    out.error = true;
  } else {
    ReplayResult result = replay_for_output(game, settings_.choice, settings_.filter ? settings_.filter->probe() : nullptr);
    if (left_out(game, &result)) return;
    out.error = result.has_error();
    if (say && (out.error || what.kind == Kind::Unsupported)) write_errors(*say, game, result);
    if (what.kind == Kind::Unsupported) {
      out.as = ConvertedAs::WithErrors;
      out.error = true;
    } else {
      out.as = what.joined ? ConvertedAs::Joined : out.error ? ConvertedAs::WithErrors : ConvertedAs::Valid;
    }
    out.result = std::move(result);
  }
  out.error = out.error || what.notes_fail;
  if (say) out.messages = what.notes + std::move(messages_).str();
}

void GameConverter::record(const Game& game, const GameToConvert& what, PreparedGame& prepared, ConvertedGame& out) {
  out.games_read = what.joined ? 2 : 1;
  out.record.clear();
  out.as = prepared.as;
  out.error = prepared.error;
  out.messages = std::move(prepared.messages);
  prepared.messages.clear();
  if (out.as == ConvertedAs::LeftOut) return;
  using Kind = GameToConvert::Kind;
  if (what.kind == Kind::Unreadable) {
    records_.unreadable(game, game.raw, out.record);
  } else if (what.kind == Kind::Unsupported) {
    records_.unsupported(game, game.raw, prepared.result->violations.front(), out.record);
  } else {
    records_.write(game, *prepared.result, out.record);
  }
}

ConvertOutput::ConvertOutput(ConvertTarget target, bool filtering, std::ostream& out, std::ostream& err)
    : separator_(record_separator(target)), out_(out), err_(err) {
  if (filtering) counts_.filtered = 0;
}

void ConvertOutput::write(const ConvertedGame& game) {
  switch (game.as) {
    case ConvertedAs::LeftOut: *counts_.filtered += game.games_read; return;
    case ConvertedAs::Valid: ++counts_.valid; break;
    case ConvertedAs::WithErrors: ++counts_.with_errors; break;
    case ConvertedAs::AsFound: ++counts_.as_found; break;
    case ConvertedAs::Joined: ++counts_.joined; break;
  }
  if (game.error) errors_ = true;
  err_ << game.messages;
  if (!first_) out_ << separator_;
  first_ = false;
  out_.write(game.record.data(), std::streamsize(game.record.size()));
}

}  // namespace bpgn
