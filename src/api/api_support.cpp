#include "api/api_support.h"

#include <stdexcept>
#include <system_error>
#include <utility>

namespace bpgn::api {

GameSource::GameSource(const Input& input, ReaderOptions options)
    : name_(input.name), options_(std::move(options)) {
  if (!input.is_file) {
    reader_ = std::make_unique<Reader>(input.name, input.text, options_);
    return;
  }
  try {
    file_ = std::make_unique<InputFile>(input.name);
  } catch (const std::system_error& e) {
    throw Error(input.name, 0, 0, "cannot read " + input.name + ": " + read_failure_text(e));
  }
}

GameSource::~GameSource() = default;

bool GameSource::next(Game& game) {
  try {
    for (;;) {
      if (reader_ && reader_->next(game)) {
        game.index = ++index_;
        return true;
      }
      reader_.reset();
      if (!file_ || !file_->next_member()) return false;
      // Each member of an archive is read as one text, named "ARCHIVE:MEMBER" (check does the same).
      name_ = file_->member_name();
      InputFile* file = file_.get();
      reader_ = std::make_unique<Reader>(
          name_, [file](char* buffer, std::size_t size) { return file->read(buffer, size); }, options_);
    }
  } catch (const std::system_error& e) {
    throw Error(name_, 0, 0, "cannot read " + name_ + ": " + read_failure_text(e));
  } catch (const std::runtime_error& e) {  // the reader's own read errors
    throw Error(name_, 0, 0, "cannot read " + name_ + ": " + e.what());
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
