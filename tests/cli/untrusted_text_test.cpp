// Untrusted text stays text (issue 22): control characters in names, tags, file and member names
// never reach a terminal raw, a file name that is not UTF-8 is named the same way (`\xff\xfe.bpgn`)
// by every report while each stays well-formed, spreadsheet formulas in CSV cells are neutralised,
// HTML in Markdown cells is escaped, and a huge move-like token is quoted cut with its length.
#include "cli/binary_run.h"
#include "io/archive_fixture.h"
#include "record/encoding.h"
#include "support/sanitizer.h"
#include "support/scratch_dir.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

namespace bpgn::check_test {
namespace {

using Json = nlohmann::json;

// Board A: the white knight on g5 mates on f7: a valid, decided match the standings score.
std::string mate_on_a(const std::string& wa, const std::string& ba, const std::string& wb, const std::string& bb) {
  return "[Event \"t\"]\n[WhiteA \"" + wa + "\"][BlackA \"" + ba + "\"][WhiteB \"" + wb + "\"][BlackB \"" + bb +
         "\"]\n[FEN \"6rk/6pp/8/6N1/8/8/8/4K3[] w - - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 "
         "1\"]\n[Result \"1-0\"]\n\n1A. Nf7# 1-0\n\n";
}

// A match with an illegal move on board B, so that its players' names reach a diagnostic.
std::string illegal_on_b(const std::string& wa, const std::string& ba, const std::string& wb, const std::string& bb) {
  return "[Event \"t\"]\n[WhiteA \"" + wa + "\"][BlackA \"" + ba + "\"][WhiteB \"" + wb + "\"][BlackB \"" + bb +
         "\"]\n[Result \"*\"]\n\n1A. e4 1a. e5 1B. d4 1b. Kd7 *\n\n";
}

const std::string kClear = "\x1b[2J";            // clears the screen
const std::string kTitle = "\x1b]0;TITLE\x07";   // sets the window's title
const std::string kEvil = kClear + "evil" + kTitle;

void expect_no_controls(const std::string& text, const std::string& what) {
  for (const char c : text) {
    const auto b = static_cast<unsigned char>(c);
    if (b == '\n' || b == '\r' || b == '\t') continue;  // the outputs' own line breaks and CSV's CRLF
    ASSERT_FALSE(b < 0x20 || b == 0x7F) << what << " holds control " << int(b) << ":\n" << text;
  }
  EXPECT_TRUE(is_valid_utf8(text)) << what;
}

std::string quote(const std::string& path) { return "'" + path + "'"; }

TEST(UntrustedText, ControlsInNamesAndFileNamesNeverReachTheTerminal) {
  test::ScratchDir dir;
  const std::string in = (dir / ("ctl" + kClear + ".bpgn")).string();
  std::ofstream(in) << illegal_on_b("a", "b\x1b[31m", "c", kEvil);
  const BinaryRun check = run_binary("check " + quote(in));  // one game: the text report ends with its outcome
  EXPECT_EQ(check.exit_code, 1) << check.err;
  expect_no_controls(check.out, "check's text report");
  EXPECT_NE(check.out.find("ctl<U+001B>[2J.bpgn:5:26: error[illegal-move]: Black (<U+001B>[2Jevil<U+001B>]0;TITLE<U+0007>) "
                           "on board B cannot play 1b. Kd7"),
            std::string::npos)
      << check.out;
  EXPECT_NE(check.out.find("ctl<U+001B>[2J.bpgn:1:1: outcome: "), std::string::npos) << check.out;

  const BinaryRun show = run_binary("show --color never --ascii " + quote(in));
  expect_no_controls(show.out, "show");
  expect_no_controls(show.err, "show's standard error");
  EXPECT_NE(show.out.find("BlackB <U+001B>[2Jevil<U+001B>]0;TITLE<U+0007>"), std::string::npos) << show.out;
  EXPECT_NE(show.out.find("BlackA b<U+001B>[31m"), std::string::npos) << show.out;
  EXPECT_NE(show.out.find("ctl<U+001B>[2J.bpgn, game 1"), std::string::npos) << show.out;

  const BinaryRun github = run_binary("check --format github " + quote(in));
  expect_no_controls(github.out, "check --format github");
  EXPECT_NE(github.out.find("ctl<U+001B>[2J.bpgn,line=5,"), std::string::npos) << github.out;
}

TEST(UntrustedText, MessagesOnStandardErrorNameFilesVisibly) {
  test::ScratchDir dir;
  const std::string empty = (dir / ("e" + kTitle + ".bpgn")).string();
  std::ofstream(empty) << "";
  const std::string valid = (dir / "v.bpgn").string();
  std::ofstream(valid) << mate_on_a("a", "b", "c", "d");
  const BinaryRun r = run_binary("check " + quote(valid) + " " + quote(empty));
  expect_no_controls(r.err, "check's standard error");
  EXPECT_NE(r.err.find("e<U+001B>]0;TITLE<U+0007>.bpgn: no games"), std::string::npos) << r.err;

  const BinaryRun missing = run_binary("check " + quote((dir / ("gone" + kClear + ".bpgn")).string()));
  expect_no_controls(missing.err, "a missing file's message");
  EXPECT_NE(missing.err.find("gone<U+001B>[2J.bpgn"), std::string::npos) << missing.err;
}

// summary merge's usage errors go through the same message form as every command's: an output
// naming one of the summaries it adds up is refused with both names visible.
TEST(UntrustedText, SummaryMergeNamesItsFilesVisibly) {
  test::ScratchDir dir;
  const std::string summary = (dir / ("s" + kClear + ".json")).string();
  std::ofstream(summary) << "{\"games\":1}\n";
  const BinaryRun r = run_binary("summary merge " + quote(summary) + " -o " + quote(summary));
  EXPECT_EQ(r.exit_code, 2) << r.err;
  expect_no_controls(r.err, "summary merge's standard error");
  EXPECT_NE(r.err.find("bpgn summary merge: -o "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("s<U+001B>[2J.json (the same file)"), std::string::npos) << r.err;
}

TEST(UntrustedText, AMemberNameWithALineBreakStaysOnOneLine) {
  test::ScratchDir dir;
  const std::string tar = (dir / "games.tar").string();
  test::write_archive(tar, test::Filter::None, test::Container::Tar,
                      {{"a\nb.bpgn", illegal_on_b("w", "x", "y", "z")}});
  const BinaryRun r = run_binary("check " + quote(tar));
  expect_no_controls(r.out, "the report of a member");
  std::istringstream lines(r.out);
  std::size_t diagnostics = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.find("error[illegal-move]") == std::string::npos) continue;
    ++diagnostics;
    EXPECT_EQ(line.rfind(tar + ":a<U+000A>b.bpgn:5:", 0), 0u) << line;
  }
  EXPECT_EQ(diagnostics, 1u) << r.out;
}

TEST(UntrustedText, AFileNameThatIsNotUtf8IsNamedAlikeInEveryWellFormedReport) {
  test::ScratchDir dir;
  const std::string in = (dir / "\xff\xfe.bpgn").string();
  std::ofstream(in) << illegal_on_b("a", "b", "c", "Пётр") << mate_on_a("Пётр", "b", "c", "d");
  const std::string shown = (dir / "\\xff\\xfe.bpgn").string();  // the folder is ASCII (mkdtemp)
  for (const std::string format : {"text", "json", "jsonl", "html", "sarif", "junit", "github"}) {
    SCOPED_TRACE(format);
    const BinaryRun r = run_binary("check --format " + format + " " + quote(in));
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_TRUE(is_valid_utf8(r.out));
    expect_no_controls(r.out, format);
    if (format == "json") {
      const Json j = Json::parse(r.out);  // throws on bytes that are not UTF-8
      EXPECT_EQ(j["games"][0]["file"], shown);
      EXPECT_NE(j["games"][0]["violations"][0]["message"].get<std::string>().find("Black (Пётр) on board B"),
                std::string::npos);
    } else if (format == "jsonl") {
      std::istringstream lines(r.out);
      std::string first;
      std::getline(lines, first);
      EXPECT_EQ(Json::parse(first)["file"], shown);
    } else if (format == "sarif") {
      const Json j = Json::parse(r.out);
      // A URI names the bytes themselves, percent-encoded.
      EXPECT_NE(j["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                    .get<std::string>()
                    .find("%FF%FE.bpgn"),
                std::string::npos);
    } else {
      EXPECT_NE(r.out.find(shown), std::string::npos) << r.out;
    }
    if (format == "junit" || format == "html") {
      const std::string out = (dir / ("report." + format)).string();
      std::ofstream(out) << r.out;
      if (format == "junit" && std::system("command -v xmllint >/dev/null 2>&1") == 0)
        EXPECT_EQ(std::system(("xmllint --noout " + quote(out)).c_str()), 0) << r.out;
    }
  }
  for (const std::string format : {"text", "markdown", "csv", "json", "html"}) {
    SCOPED_TRACE("standings " + format);
    const BinaryRun r = run_binary("standings --format " + format + " " + quote(in));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    expect_no_controls(r.out, format);
    if (format == "json") {
      EXPECT_EQ(Json::parse(r.out)["matches"][0]["file"], shown);
    } else if (format != "csv") {  // the table alone has no file names
      EXPECT_NE(r.out.find(format == "markdown" ? "\\\\xff\\\\xfe.bpgn" : "\\xff\\xfe.bpgn"), std::string::npos)
          << r.out;
    }
  }
}

TEST(UntrustedText, SpreadsheetFormulasInCsvCellsAreText) {
  test::ScratchDir dir;
  const std::string in = (dir / "t.bpgn").string();
  std::ofstream(in) << mate_on_a("=HYPERLINK(\\\"http://x\\\")", "+SUM(1+1)", "-2+3", "@SUM(A1)")
                    << mate_on_a("\tTAB", "b", "c", "d");
  const BinaryRun r = run_binary("standings --format csv " + quote(in));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  for (const std::string cell :
       {"\"'=HYPERLINK(\"\"http://x\"\")\"", "\"'+SUM(1+1)\"", "\"'-2+3\"", "\"'@SUM(A1)\"", "\"'\tTAB\""})
    EXPECT_NE(r.out.find("," + cell + ","), std::string::npos) << cell << "\n" << r.out;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream cells(line);
    std::string first;
    std::getline(cells, first, ',');
    if (first != "rank") EXPECT_NE(first.find_first_of("0123456789"), std::string::npos) << line;  // ranks as numbers
  }
  // By team: the team's name starts with its first player's.
  const BinaryRun teams = run_binary("standings --by team --format csv " + quote(in));
  EXPECT_NE(teams.out.find(",\"'=HYPERLINK("), std::string::npos) << teams.out;
  EXPECT_EQ(teams.out.find(",=HYPERLINK("), std::string::npos) << teams.out;
}

TEST(UntrustedText, MarkdownAndTextStandingsEscapeHtmlAndControls) {
  test::ScratchDir dir;
  const std::string in = (dir / "t.bpgn").string();
  std::ofstream(in) << mate_on_a("<img src=x onerror=alert(1)>", "a|b", "`code`", kEvil);
  const BinaryRun md = run_binary("standings --format markdown " + quote(in));
  EXPECT_EQ(md.exit_code, 0) << md.err;
  expect_no_controls(md.out, "markdown");
  EXPECT_EQ(md.out.find("<img"), std::string::npos) << md.out;
  EXPECT_NE(md.out.find("&lt;img src=x onerror=alert(1)&gt;"), std::string::npos) << md.out;
  EXPECT_NE(md.out.find("a\\|b"), std::string::npos) << md.out;
  EXPECT_NE(md.out.find("\\`code\\`"), std::string::npos) << md.out;
  const BinaryRun text = run_binary("standings " + quote(in));
  expect_no_controls(text.out, "text");
  EXPECT_NE(text.out.find("<U+001B>[2Jevil<U+001B>]0;TITLE<U+0007>"), std::string::npos) << text.out;
}

// standings' JSON escapes what check's JSON escapes (output/json_writer.h, append_json_text): DEL,
// U+009B (CSI) and U+202E from a player's name and a round reach no terminal raw, and a JSON
// reader gets the names back whole. It wrote them raw before. The same for summary merge's
// output, which copies the names of a summary it reads.
TEST(UntrustedText, StandingsAndSummaryJsonEscapeWhatCheckJsonEscapes) {
  test::ScratchDir dir;
  const std::string csi = "\xc2\x9b", rlo = "\xe2\x80\xae";
  const std::string name = "a" + csi + "2J" + rlo + "b\x7f";
  std::string game = mate_on_a(name, "B2", "C3", "D4");
  game.replace(game.find("[Event"), 0, "[Round \"r" + csi + "\"]");
  const std::string in = (dir / "t.bpgn").string();
  std::ofstream(in) << game;
  const BinaryRun r = run_binary("standings --format json " + quote(in));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const std::string raw : {csi, rlo, std::string("\x7f")}) EXPECT_EQ(r.out.find(raw), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("a\\u009b2J\\u202eb\\u007f"), std::string::npos) << r.out;
  const Json standings = Json::parse(r.out);
  bool found = false;
  for (const Json& p : standings["players"]) found = found || p["name"] == name;
  EXPECT_TRUE(found) << r.out;
  EXPECT_EQ(standings["matches"][0]["round"], "r" + csi);

  const std::string unreadable = (dir / ("u" + csi + "\x7f.bpgn")).string();
  const std::string summary = (dir / "s.json").string();
  const BinaryRun check =
      run_binary("check -q " + quote(in) + " --unreadable-out " + quote(unreadable) + " --summary-json " + quote(summary));
  ASSERT_EQ(check.exit_code, 0) << check.err;
  const std::string written = read_file(summary);
  const BinaryRun merged = run_binary("summary merge " + quote(summary));
  ASSERT_EQ(merged.exit_code, 0) << merged.err;
  for (const std::string& json : {written, merged.out}) {
    for (const std::string raw : {csi, std::string("\x7f")}) EXPECT_EQ(json.find(raw), std::string::npos) << json;
    EXPECT_EQ(Json::parse(json)["written_to"]["unreadable"], unreadable) << json;
  }
}

TEST(UntrustedText, AHugeMoveLikeTokenIsQuotedCutWithItsLength) {
  test::ScratchDir dir;
  const std::string in = (dir / "huge.bpgn").string();
  // Within the 16 MiB of one game. Under the sanitizers 1 MB, which still crosses every bound on
  // the way: the 200 bytes of a quoted value, the 2,000 of a message, the 64 KiB of the reader's
  // first buffer, of a read and of the output allowed below, the 256 KiB a piece of --jobs may run to.
  const std::size_t size = test::kUnderSanitizer ? 1'000'000 : 16'000'000;
  std::ofstream(in) << "[Event \"t\"]\n[Result \"*\"]\n\n1. " << std::string(size, 'a') << " *\n";
  const std::string length = "(" + std::to_string(size) + " bytes)";
  for (const std::string format : {"text", "json", "html", "sarif", "junit", "github"}) {
    SCOPED_TRACE(format);
    const BinaryRun r = run_binary("check --format " + format + " " + quote(in));
    EXPECT_EQ(r.exit_code, 1) << r.err.substr(0, 500);
    EXPECT_NE(r.out.find(length), std::string::npos) << r.out.substr(0, 2000);
    if (format == "text") {
      std::istringstream lines(r.out);
      for (std::string line; std::getline(lines, line);) EXPECT_LT(line.size(), 2000u) << line.substr(0, 300);
    }
    if (format != "json" && format != "sarif") {  // the JSON reports keep the move as written in `move`
      EXPECT_LT(r.out.size(), 64u * 1024) << format;
    }
  }
}

}  // namespace
}  // namespace bpgn::check_test
