#include "api/api_support.h"

#include <utility>

namespace bpgn::api {

namespace {

[[noreturn]] void throw_failure(const InputFailure& failure) {
  throw Error(failure.file, 0, 0, "cannot read " + failure.file + ": " + failure.reason);
}

}  // namespace

GameSource::GameSource(const Input& input, ReaderOptions options)
    : inputs_(input.is_file ? InputStreams({input.name}) : InputStreams::of_text(input.name, input.text)) {
  // The first input is opened now: a file that cannot be is said by the constructor.
  if (inputs_.next() == InputStreams::Step::Failure) throw_failure(inputs_.failure());
  games_ = std::make_unique<GameStream>(inputs_, std::move(options));
}

GameSource::~GameSource() = default;

bool GameSource::next(Game& game) {
  for (;;) {
    switch (games_->next(game)) {
      case GameStream::Step::Game: return true;
      case GameStream::Step::NoGames: continue;
      case GameStream::Step::Failure: throw_failure(games_->failure());
      case GameStream::Step::End: return false;
    }
  }
}

RuleChoice rule_choice_of(const std::string& rules, const std::map<std::string, std::string>& set) {
  std::vector<std::string> sets;
  for (const auto& [key, value] : set) sets.push_back(key + "=" + value);
  // Every override is read now, before any game, as the command line reads its --set values.
  auto choice = read_rule_choice(rules, sets, "set ");
  if (auto* error = std::get_if<std::string>(&choice)) throw Error("", 0, 0, *error);
  return std::get<RuleChoice>(std::move(choice));
}

}  // namespace bpgn::api
