// fmt and the reader's notes: stray text is kept as comments at the start of its game's movetext
// (the warning does not come back on the output), a game with a broken tag is written as found
// (the tag kept byte for byte), and fmt of the output is the output.
#include "cli/fmt_command.h"
#include "cli/fmt_test_support.h"

#include <gtest/gtest.h>

#include <string>

namespace bpgn {
namespace {

using test::fmt_file;

// fmt of `text` (written to a file first).
test::Run fmt_text(const std::string& text) {
  test::ScratchDir dir;
  test::write_file(dir / "in.bpgn", text);
  return fmt_file((dir / "in.bpgn").string());
}

TEST(FmtStrayText, KeptAsCommentsBeforeTheFirstMove) {
  const test::Run f = fmt_file(test::kCorpus + "/broken/stray-text.bpgn");
  EXPECT_EQ(f.code, 0) << f.err;  // stray text is a warning: the games are valid
  // `<pre>` before the game, U+202C after its result, `-----` after that line: in that order.
  EXPECT_NE(f.out.find("\n\n{<pre>} {\u202c} {-----} 1A. e4 {179} 1a. e5 {178} 1B. d4 {179} 1b. d5 {178} *\n"),
            std::string::npos)
      << f.out;
  EXPECT_NE(f.out.find("\n\n{?} {Game 3 was played the next evening.} 1A. d4 {179} 1a. d5 {178} *\n"),
            std::string::npos);
  EXPECT_NE(f.out.find("\n\n{gg} 1A. c4 {179} 1a. c5 {178} *\n"), std::string::npos);
  EXPECT_NE(f.out.find("\n\n{</pre>} 1A. g3 {[ts=1.000]} 1a. g6 {[ts=2.000]}\n"), std::string::npos);
  // Read back: five games, no stray text left, the same text again.
  std::vector<Game> games;
  Reader reader("out", f.out);
  for (Game g; reader.next(g);) games.push_back(g);
  ASSERT_EQ(games.size(), 5u);
  for (const Game& g : games) EXPECT_TRUE(g.notes.empty());
  EXPECT_EQ(fmt_text(f.out).out, f.out);
}

TEST(FmtStrayText, AGameWithoutMovesKeepsItsStrayTextAComment) {
  // `{junk} *` would read back as the termination: an empty comment keeps it a comment.
  const test::Run f = fmt_text("[Event \"x\"]\n* junk\n");
  EXPECT_EQ(f.out, "[Event \"x\"]\n\n{junk} {} *\n");
  EXPECT_EQ(fmt_text(f.out).out, f.out);
  // A stray `}` cannot end the comment early.
  const test::Run brace = fmt_text("[Event \"x\"]\n1. e4 * }}\n");
  EXPECT_EQ(brace.out, "[Event \"x\"]\n\n{))} 1. e4 *\n");
  EXPECT_EQ(fmt_text(brace.out).out, brace.out);
}

TEST(FmtStrayText, ABrokenTagIsWrittenAsFound) {
  const std::string input = test::read_file(test::kCorpus + "/broken/bad-tags.bpgn");
  const test::Run f = fmt_file(test::kCorpus + "/broken/bad-tags.bpgn");
  EXPECT_EQ(f.code, 1);
  EXPECT_EQ(f.out, input);  // every game holds a broken tag: the file comes back as it was
  EXPECT_NE(f.err.find("bad-tags.bpgn:3:8: error[syntax]: expected a quoted tag value; the tag [White A \"wa\"] is "
                       "left out, the rest of the header is read\n"),
            std::string::npos)
      << f.err;
}

}  // namespace
}  // namespace bpgn
