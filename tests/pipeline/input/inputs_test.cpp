// The input opener and the game stream (src/pipeline): every input in order, each archive member
// named, failures as events in their place, a game's place in the run and in its file.
#include "io/archive_fixture.h"
#include "pipeline/input/game_stream.h"
#include "pipeline/input/input_paths.h"
#include "replay/check_test_util.h"
#include "support/scratch_dir.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace bpgn {
namespace {

using check_test::bpgn;
using test::Container;
using test::Filter;

// What the opener yields, one line per event: "stream NAME: TEXT" or "failure NAME: REASON".
std::vector<std::string> events(InputStreams inputs) {
  std::vector<std::string> out;
  char buffer[7];  // small: a stream is read in many calls
  for (InputStreams::Step step; (step = inputs.next()) != InputStreams::Step::End;) {
    if (step == InputStreams::Step::Failure) {
      out.push_back("failure " + inputs.failure().file + ": " + inputs.failure().reason);
      continue;
    }
    std::string text;
    for (std::size_t n; (n = inputs.read(buffer, sizeof buffer)) > 0;) text.append(buffer, n);
    out.push_back("stream " + inputs.file() + ": " + text);
  }
  return out;
}

TEST(InputStreams, YieldEveryInputInOrderWithFailuresInTheirPlace) {
  test::ScratchDir dir;
  const std::string plain = (dir / "a.bpgn").string(), gz = (dir / "b.bpgn.gz").string();
  const std::string zip = (dir / "c.zip").string(), missing = (dir / "missing").string();
  test::write_bytes(plain, "one");
  test::write_bytes(gz, test::gzip_bytes("two"));
  test::write_archive(zip, Filter::None, Container::Zip, {{"x.bpgn", "three"}, {"y.bpgn", "four"}});
  const InputFailure list{"list.txt", "No such file or directory"};
  EXPECT_EQ(events(InputStreams({plain, missing, gz, zip}, {{2, list}, {4, list}})),
            (std::vector<std::string>{"stream " + plain + ": one", "failure " + missing + ": No such file or directory",
                                      "failure list.txt: No such file or directory", "stream " + gz + ": two",
                                      "stream " + zip + ":x.bpgn: three", "stream " + zip + ":y.bpgn: four",
                                      "failure list.txt: No such file or directory"}));
  EXPECT_EQ(events(InputStreams::of_text("t", "text")), (std::vector<std::string>{"stream t: text"}));
  EXPECT_EQ(InputFailure{"-"}.name(), "standard input");
}

TEST(InputStreams, AMemberThatCannotBeOpenedIsNamedItself) {
  test::ScratchDir dir;
  const std::string outer = test::archive_with_a_failing_member(dir, "first");
  const std::vector<std::string> got = events(InputStreams({outer}));
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0], "stream " + outer + ":a.bpgn: first");
  EXPECT_EQ(got[1], "failure " + outer + ":n4.zip:n3.zip:n2.zip:n1.zip: an archive inside 4 others (bpgn reads "
                    "archives at most that deep), not read");
}

TEST(InputList, AListIsReadThroughTheOpenerAndAnUnreadableOneIsAFailureInItsPlace) {
  test::ScratchDir dir;
  const std::string a = (dir / "a.bpgn").string(), b = (dir / "b.bpgn").string();
  const std::string list = (dir / "list.txt.gz").string();
  test::write_bytes(list, test::gzip_bytes(b + "\r\n\n  \n" + a + "\n"));
  InputOptions options;
  options.files_from = list;
  InputList got = expand_inputs({a}, options);
  EXPECT_EQ(got.files, (std::vector<std::string>{a, b, a}));
  EXPECT_TRUE(got.failures.empty());
  options.files_from = (dir / "no-such-list").string();
  got = expand_inputs({a, b}, options);
  EXPECT_EQ(got.files, (std::vector<std::string>{a, b}));
  ASSERT_EQ(got.failures.size(), 1u);
  EXPECT_EQ(got.failures[0].before, 2u);  // after the files named before it
  EXPECT_EQ(got.failures[0].failure.file, options.files_from);
  EXPECT_EQ(got.failures[0].failure.reason, "No such file or directory");
}

TEST(GameStream, NumbersGamesInTheRunAndInTheirFileAndSaysWhatHeldNone) {
  test::ScratchDir dir;
  const std::string two = (dir / "two.bpgn").string(), empty = (dir / "empty.bpgn").string();
  const std::string zip = (dir / "z.zip").string(), missing = (dir / "missing.bpgn").string();
  const std::string game = bpgn("1A. e4 1a. e5") + "\n";
  test::write_bytes(two, game + game);
  test::write_bytes(empty, "\n \n");
  test::write_archive(zip, Filter::None, Container::Zip, {{"x.bpgn", game}, {"y.bpgn", game + game}});
  InputStreams inputs({two, empty, missing, zip});
  GameStream stream(inputs);
  std::vector<std::string> got;
  Game g;
  for (GameStream::Step step; (step = stream.next(g)) != GameStream::Step::End;) {
    if (step == GameStream::Step::Game) got.push_back(g.file + " " + std::to_string(g.index) + "/" + std::to_string(g.file_index));
    if (step == GameStream::Step::NoGames) got.push_back("none " + stream.file());
    if (step == GameStream::Step::Failure) got.push_back("failure " + stream.failure().file);
  }
  EXPECT_EQ(got, (std::vector<std::string>{two + " 1/1", two + " 2/2", "none " + empty, "failure " + missing,
                                           zip + ":x.bpgn 3/1", zip + ":y.bpgn 4/1", zip + ":y.bpgn 5/2"}));
  EXPECT_EQ(stream.games(), 5u);
}

TEST(GameStream, ABrokenInputGivesItsGamesThenItsFailureAndTheNextInputIsRead) {
  test::ScratchDir dir;
  const std::string game = bpgn("1A. e4 1a. e5") + "\n";
  const std::string cut = (dir / "cut.bpgn.gz").string(), next = (dir / "next.bpgn").string();
  const std::string gz = test::gzip_bytes(game + game);
  test::write_bytes(cut, gz.substr(0, gz.size() - 4));  // its length field cut off
  test::write_bytes(next, game);
  InputStreams inputs({cut, next});
  GameStream stream(inputs);
  Game g, last;
  std::vector<GameStream::Step> steps;
  for (GameStream::Step step; (step = stream.next(g)) != GameStream::Step::End;) {
    steps.push_back(step);
    if (step == GameStream::Step::Game) last = g;
  }
  using S = GameStream::Step;
  EXPECT_EQ(steps, (std::vector<S>{S::Game, S::Game, S::Failure, S::Game}));
  EXPECT_EQ(stream.failure().file, cut);
  EXPECT_FALSE(stream.failure().reason.empty());
  EXPECT_EQ(last.file, next);
  EXPECT_EQ(last.index, 3u);
  EXPECT_EQ(last.file_index, 1u);
}

}  // namespace
}  // namespace bpgn
