// A subcommand's CLI11 app that can add its options without CLI11's check for a name already taken.
//
// CLI11 (2.1) compares every option added with every option before it, copying the names of both
// at each comparison: `check`'s 60 options cost half a million instructions at every start, more
// than the check of a one-game file. The options of a subcommand are fixed in the source, so the
// check finds nothing at run time; it is made where every subcommand is built (`bpgn help`,
// `bpgn completion`, the man pages and the tests of the command line), which a name taken twice
// would make throw CLI::OptionAlreadyAdded. Everything else is CLI11's own: the option is made by
// CLI::App::add_option and stands in the same place of the list, so parsing, help texts, messages
// and the completions are the same either way.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <utility>
#include <vector>

namespace bpgn {

class CommandApp : public CLI::App {
 public:
  // A subcommand `name` of `parent` (to be given to parent->add_subcommand); `check_names`: whether
  // each option's names are compared with the options before it, as CLI::App does.
  CommandApp(std::string description, std::string name, CLI::App* parent, bool check_names)
      : CLI::App(std::move(description), std::move(name), parent), check_names_(check_names) {}

  // CLI::App's add_option, add_flag and set_version_flag, with or without the comparison.
  template <typename... Args>
  CLI::Option* add_option(Args&&... args) {
    return added([&] { return CLI::App::add_option(std::forward<Args>(args)...); });
  }
  template <typename... Args>
  CLI::Option* add_flag(Args&&... args) {
    return added([&] { return CLI::App::add_flag(std::forward<Args>(args)...); });
  }
  CLI::Option* set_version_flag(const std::string& name, const std::string& version) {
    return added([&] { return CLI::App::set_version_flag(name, version); });
  }

 private:
  // Runs `add` on an empty list of options (nothing to compare with), then puts the option made
  // after those before it.
  template <typename Add>
  CLI::Option* added(Add add) {
    if (check_names_) return add();
    options_.swap(earlier_);
    CLI::Option* option = nullptr;
    try {
      option = add();
    } catch (...) {
      restore();
      throw;
    }
    restore();
    return option;
  }
  void restore() {
    for (CLI::Option_p& made : options_) earlier_.push_back(std::move(made));
    options_.clear();
    options_.swap(earlier_);
  }

  bool check_names_;
  std::vector<CLI::Option_p> earlier_;  // the options before the one being added (empty otherwise)
};

}  // namespace bpgn
