// Names shown (issue 36, docs/robustness.md "Gates"): every path and name a message quotes goes
// through shown_path(), the escaping of record text, in every subcommand: an output path, a
// missing folder, an input folder holding no records, an archive. A control character in a name
// reaches the terminal as `<U+001B>`, never raw.
#include "cli/binary_run.h"
#include "text/visible_text.h"
#include "support/scratch_dir.h"

#include <fstream>

namespace bpgn::check_test {
namespace shown_names {

const std::string kClear = "\x1b[2J";  // clears the screen

std::string quote(const std::string& path) { return "'" + path + "'"; }

bool holds_raw_control(const std::string& text) {
  for (const char c : text) {
    const auto b = static_cast<unsigned char>(c);
    if (b == '\n' || b == '\r' || b == '\t') continue;
    if (b < 0x20 || b == 0x7F) return true;
  }
  return false;
}

TEST(ShownPath, IsTheEscapingOfRecordText) {
  EXPECT_EQ(shown_path("nod" + kClear + "ir/x"), "nod<U+001B>[2Jir/x");
  EXPECT_EQ(shown_path("a\xff.bpgn"), "a\\xff.bpgn");
  EXPECT_EQ(shown_path("line\nbreak"), "line<U+000A>break");
  EXPECT_EQ(shown_path(shown_path("nod" + kClear)), shown_path("nod" + kClear));
  EXPECT_EQ(shown_path("plain/name.bpgn"), "plain/name.bpgn");
}

struct Scene {
  test::ScratchDir dir;
  std::string game, missing, empty_folder;
  Scene() {
    game = (dir / ("g" + kClear + ".bpgn")).string();
    std::ofstream(game) << "[Event \"t\"]\n[Result \"*\"]\n\n1A. e4 1a. e5 *\n\n";
    missing = (dir / ("nod" + kClear + "ir")).string();
    empty_folder = (dir / ("d" + kClear + "ir")).string();
    std::filesystem::create_directory(empty_folder);
  }
};

// Each subcommand's message naming a path it cannot use, or a folder with nothing in it.
TEST(ShownNames, NoSubcommandShowsAControlCharacterOfAPathRaw) {
  Scene s;
  const std::string out_in_missing = quote(s.missing + "/x");
  const std::vector<std::string> runs = {
      "check " + quote(s.game) + " -o " + out_in_missing,
      "check " + quote(s.game) + " --summary-json " + out_in_missing,
      "check " + quote(s.game) + " --valid-out " + out_in_missing,
      "check " + quote(s.empty_folder),
      "check " + quote(s.game) + " -o " + quote(s.game),
      "fmt " + quote(s.game) + " -o " + out_in_missing,
      "fmt " + quote(s.empty_folder),
      "convert --to json " + quote(s.game) + " -o " + out_in_missing,
      "convert --to csv " + quote(s.game) + " -o " + out_in_missing,
      "convert --to sqlite " + quote(s.game) + " -o " + out_in_missing,
      "convert --to bpgn " + quote(s.empty_folder),
      "convert --from sqlite --to bpgn " + quote(s.game),
      "standings " + quote(s.game) + " -o " + out_in_missing,
      "standings " + quote(s.empty_folder),
      "view " + quote(s.game) + " -o " + out_in_missing,
      "view " + quote(s.empty_folder),
      "show " + quote(s.missing + "/x.bpgn:1"),
      "show " + quote(s.game + ":9"),
      "summary merge " + quote(s.missing + "/s.json"),
      "summary merge " + quote(s.game) + " -o " + out_in_missing,
  };
  for (const std::string& args : runs) {
    const BinaryRun r = run_binary(args);
    EXPECT_GT(r.exit_code, 0) << args << "\n" << r.err;
    EXPECT_LT(r.exit_code, 128) << args;
    EXPECT_FALSE(holds_raw_control(r.err)) << args << ":\n" << r.err;
    EXPECT_FALSE(holds_raw_control(r.out)) << args << ":\n" << r.out;
    EXPECT_NE(r.err.find("<U+001B>"), std::string::npos) << args << " does not name the path:\n" << r.err;
  }
}

// check's summary of its sorted outputs ("games written as found: 1 valid to ...") names each
// output escaped (it wrote them raw).
TEST(ShownNames, TheSortedOutputsSummaryNamesEachOutputEscaped) {
  Scene s;
  const std::string folder = s.empty_folder;
  for (const std::string option : {"--valid-out", "--invalid-out", "--unreadable-out", "--duplicates-out"}) {
    for (const std::string canonical : {"", " --canonical"}) {
      const std::string out = folder + "/x" + option;
      const std::string args = "check " + quote(s.game) + " " + option + " " + quote(out) + canonical;
      const BinaryRun r = run_binary(args);
      EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
      EXPECT_FALSE(holds_raw_control(r.err)) << args << ":\n" << r.err;
      EXPECT_NE(r.err.find(" to " + shown_path(out)), std::string::npos) << args << ":\n" << r.err;
    }
  }
}

TEST(ShownNames, AnOutputInAMissingFolderIsNamedEscaped) {
  Scene s;
  const BinaryRun r = run_binary("fmt " + quote(s.game) + " -o " + quote(s.missing + "/x"));
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.err.find("cannot write " + shown_path(s.missing) + "/x: the folder " + shown_path(s.missing) +
                       " does not exist"),
            std::string::npos)
      << r.err;
}

TEST(ShownNames, AnInputFolderWithoutRecordsIsNamedEscaped) {
  Scene s;
  const BinaryRun r = run_binary("check " + quote(s.empty_folder));
  EXPECT_NE(r.err.find(shown_path(s.empty_folder) + ": no file named"), std::string::npos) << r.err;
  EXPECT_FALSE(holds_raw_control(r.err)) << r.err;
}

}  // namespace shown_names
}  // namespace bpgn::check_test
