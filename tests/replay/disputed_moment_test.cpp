// The moment a decision sheet is about (replay/disputed_moment.h): the violation or move at the
// line (and column) named, else the game's first error, else the end of the record.
#include "replay/check_test_util.h"
#include "replay/disputed_moment.h"

#include <gtest/gtest.h>

namespace bpgn::check_test {
namespace {

// Line 7: 1A. e4 1a. e5; line 8: 2A. Nf3 1B. d4; line 9: 2a. Q@e2 (not held: the error, column 5)
// and 1b. d5; line 10 the result, which the record gets wrong (a warning about no move).
const std::string kRecord = R"([Event "disputed"]
[WhiteA "A"][BlackA "B"][WhiteB "C"][BlackB "D"]
[Result "1-0"]
[Variant "bughouse"]


1A. e4 1a. e5
2A. Nf3 1B. d4
2a. Q@e2 1b. d5
1-0
)";

TEST(DisputedMoment, TheViolationOnTheLineNamed) {
  const Checked c = check_text(kRecord);
  ASSERT_FALSE(c.result.violations.empty());
  const Violation& first = c.result.violations.front();
  ASSERT_EQ(first.pos.line, 9u);
  ASSERT_EQ(first.pos.column, 5u);
  const DisputedMoment d = disputed_moment(c.game, c.result, 9, std::nullopt);
  EXPECT_EQ(d.by, DisputedMoment::By::Violation);
  ASSERT_TRUE(d.violation);
  EXPECT_EQ(*d.violation, 0u);
  EXPECT_EQ(d.at.kind, MomentAt::Kind::Ply);
  EXPECT_EQ(d.at.ply, 4u);  // 1A. e4, 1a. e5, 2A. Nf3, 1B. d4, then 2a. Q@e2
}

TEST(DisputedMoment, AMoveOnTheLineNamedWithoutAViolation) {
  const Checked c = check_text(kRecord);
  // Line 8: its first move, 2A. Nf3 (ply 2); column 13 lies in `1B. d4` (columns 9 to 14).
  DisputedMoment d = disputed_moment(c.game, c.result, 8, std::nullopt);
  EXPECT_EQ(d.by, DisputedMoment::By::Move);
  EXPECT_FALSE(d.violation);
  EXPECT_EQ(d.at.kind, MomentAt::Kind::Ply);
  EXPECT_EQ(d.at.ply, 2u);
  d = disputed_moment(c.game, c.result, 8, 13);
  EXPECT_EQ(d.at.ply, 3u);
  // Column 12 of line 9 is in `1b. d5` (columns 10 to 15), which has no violation...
  d = disputed_moment(c.game, c.result, 9, 12);
  EXPECT_EQ(d.at.ply, 5u);
  // ... and column 5 is the error itself.
  d = disputed_moment(c.game, c.result, 9, 5);
  EXPECT_EQ(d.by, DisputedMoment::By::Violation);
  EXPECT_EQ(d.at.ply, 4u);
}

TEST(DisputedMoment, NoLineOrATagLineIsTheFirstError) {
  const Checked c = check_text(kRecord);
  for (const std::optional<std::uint32_t> line : {std::optional<std::uint32_t>(), std::optional<std::uint32_t>(1u)}) {
    const DisputedMoment d = disputed_moment(c.game, c.result, line, std::nullopt);
    EXPECT_EQ(d.by, DisputedMoment::By::FirstViolation);
    ASSERT_TRUE(d.violation);
    EXPECT_EQ(c.result.violations[*d.violation].code, ViolationCode::DropNotInHolding);
    EXPECT_EQ(d.at.ply, 4u);
  }
}

TEST(DisputedMoment, AWarningAboutNoMoveIsAtTheEnd) {
  // Every move legal, the result wrong: the result-mismatch warning, at the end of the record.
  const Checked c = check_text(R"([Event "warned"]
[WhiteA "A"][BlackA "B"][WhiteB "C"][BlackB "D"]
[Result "1-0"]

1A. e4 1a. e5 0-1
)");
  ASSERT_FALSE(c.result.has_error());
  const DisputedMoment d = disputed_moment(c.game, c.result, std::nullopt, std::nullopt);
  ASSERT_TRUE(d.violation);
  EXPECT_EQ(c.result.violations[*d.violation].severity, Severity::Warning);
  EXPECT_EQ(d.at.kind, MomentAt::Kind::End);
}

TEST(DisputedMoment, NoViolationIsTheEnd) {
  const Checked c = check_text(R"([Event "clean"]
[WhiteA "A"][BlackA "B"][WhiteB "C"][BlackB "D"]
[Result "*"]

1A. e4 1a. e5 *
)");
  const DisputedMoment d = disputed_moment(c.game, c.result, std::nullopt, std::nullopt);
  EXPECT_EQ(d.by, DisputedMoment::By::End);
  EXPECT_FALSE(d.violation);
  EXPECT_EQ(d.at.kind, MomentAt::Kind::End);
}

}  // namespace
}  // namespace bpgn::check_test
