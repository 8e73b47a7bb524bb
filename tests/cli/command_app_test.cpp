// CommandApp (cli/command_app.h): options added without CLI11's comparison of names stand where
// CLI11's own add_option puts them, so every help text is the same; with the comparison on (where
// the whole command line is built) a name taken twice still throws.
#include "cli/command_app.h"
#include "cli/command_line.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace bpgn {
namespace {

const auto kEvery = [](std::string_view) { return true; };

// Each subcommand's help and its options' names, in order, with the comparison on or off.
std::vector<std::string> command_line_parts(bool check_names) {
  CLI::App app{kProgramDescription, "bpgn"};
  CommandAction action;
  define_command_line(app, action, kEvery, {}, check_names);
  std::vector<std::string> parts{app.help()};
  for (const CLI::App* sub : app.get_subcommands({})) {
    parts.push_back(sub->help("bpgn"));
    std::string names;
    for (const CLI::Option* option : sub->get_options()) names += option->get_name(true, true) + "\n";
    parts.push_back(names);
  }
  return parts;
}

// A subcommand "sub" of `app`.
CommandApp* subcommand(CLI::App& app, bool check_names) {
  auto sub = std::make_shared<CommandApp>("a subcommand", "sub", &app, check_names);
  CommandApp* made = sub.get();
  app.add_subcommand(std::move(sub));
  return made;
}

TEST(CommandApp, UncheckedOptionsGiveTheSameHelpAndOrder) {
  const std::vector<std::string> checked = command_line_parts(true);
  const std::vector<std::string> unchecked = command_line_parts(false);
  ASSERT_EQ(checked.size(), 1 + 2 * 10u);  // the program, then each of the ten subcommands
  EXPECT_EQ(unchecked, checked);
  // check's options in the order they are added: the help flag first, --version last.
  const std::string& check_names = checked[2];
  EXPECT_EQ(check_names.substr(0, check_names.find('\n')), "-h,--help");
  EXPECT_NE(check_names.find("\n--format\n"), std::string::npos);
  EXPECT_LT(check_names.find("\n--format\n"), check_names.find("\n--all\n"));
  EXPECT_EQ(check_names.substr(check_names.size() - 11), "\n--version\n");
}

TEST(CommandApp, EveryNameOfTheCommandLineIsTakenOnce) {
  CLI::App app{kProgramDescription, "bpgn"};
  CommandAction action;
  EXPECT_NO_THROW(define_command_line(app, action, kEvery, {}, true));
}

TEST(CommandApp, ANameTakenTwiceThrowsWhenChecked) {
  CLI::App app{"test", "prog"};
  CommandApp* sub = subcommand(app, true);
  std::string a, b;
  sub->add_option("-a,--alpha", a, "first");
  EXPECT_THROW(sub->add_option("-b,--alpha", b, "second"), CLI::OptionAlreadyAdded);
  EXPECT_THROW(sub->add_flag("-a"), CLI::OptionAlreadyAdded);
  EXPECT_THROW(sub->add_flag("--help"), CLI::OptionAlreadyAdded);
}

TEST(CommandApp, UncheckedOptionsParseAndKeepTheirPlaceAfterAFailure) {
  CLI::App app{"test", "prog"};
  CommandApp* sub = subcommand(app, false);
  std::string alpha;
  bool beta = false;
  sub->add_option("-a,--alpha", alpha, "first");
  // A flag cannot be positional: CLI11 throws, and the options before stay as they were.
  EXPECT_THROW(sub->add_flag("files"), CLI::IncorrectConstruction);
  sub->add_flag("-b,--beta", beta, "second");
  std::vector<std::string> names;
  for (const CLI::Option* option : sub->get_options()) names.push_back(option->get_name(false, true));
  EXPECT_EQ(names, (std::vector<std::string>{"-h,--help", "-a,--alpha", "-b,--beta"}));
  app.parse(std::vector<std::string>{"x", "--alpha", "-b", "sub"});  // CLI11 reads the vector from the back
  EXPECT_EQ(alpha, "x");
  EXPECT_TRUE(beta);
}

}  // namespace
}  // namespace bpgn
