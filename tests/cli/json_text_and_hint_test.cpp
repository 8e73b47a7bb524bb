// Two smaller seams of issue 36: convert's JSON writes record text through the one JSON writer's
// text form (no DEL, C1 control or bidirectional mark raw, and the text reads back whole), and the
// HTML report's suggested `bpgn view FILE:LINE -o match.html` runs as written for any file name.
#include "cli/binary_run.h"
#include "output/json_writer.h"
#include "support/scratch_dir.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <regex>

namespace bpgn::check_test {
namespace json_text_and_hint {

namespace fs = std::filesystem;
using test::ScratchDir;

const std::string kCsi = "\xC2\x9B";     // U+009B, a terminal's one-byte CSI
const std::string kDel = "\x7F";         // U+007F
const std::string kRlo = "\xE2\x80\xAE";  // U+202E, right-to-left override

std::string text(std::string_view s) {
  std::string out;
  append_json_text(out, s);
  return out;
}

TEST(JsonText, InvisibleCharactersAreEscapedAndReadBackWhole) {
  EXPECT_EQ(text("a" + kCsi + "b" + kDel + "c" + kRlo + "d"), "\"a\\u009bb\\u007fc\\u202ed\"");
  EXPECT_EQ(text("\xC2\xAD\xE2\x80\x8B\xEF\xBB\xBF"), "\"\\u00ad\\u200b\\ufeff\"");
  EXPECT_EQ(text("caf\xC3\xA9 \"q\" \\ \n\x1b"), "\"caf\xC3\xA9 \\\"q\\\" \\\\ \\n\\u001b\"");
  EXPECT_EQ(text("x\xFFy"), "\"x\xEF\xBF\xBDy\"");  // ill-formed UTF-8: U+FFFD, as append_json_string
  for (const std::string s : {"a" + kCsi + kRlo + kDel, std::string("plain"), "\xE2\x81\xA9z" + kCsi}) {
    EXPECT_EQ(nlohmann::json::parse(text(s)).get<std::string>(), s);
  }
}

bool holds_raw_invisible(const std::string& out) {
  return out.find(kCsi) != std::string::npos || out.find(kDel) != std::string::npos ||
         out.find(kRlo) != std::string::npos;
}

TEST(JsonText, ConvertToJsonWritesNoInvisibleCharacterRaw) {
  ScratchDir dir;
  const fs::path game = dir / "g.bpgn";
  std::ofstream(game) << "[Event \"a" + kCsi + "b" + kDel + "c" + kRlo + "d\"]\n[Result \"*\"]\n\n1A. e4 {x" + kRlo +
                             "y} 1a. e5 *\n\n";
  const BinaryRun r = run_binary("convert --to json " + shell_quoted(game.string()));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(holds_raw_invisible(r.out)) << r.out;
  const nlohmann::json j = nlohmann::json::parse(r.out.substr(0, r.out.find('\n')));
  EXPECT_EQ(j["tags"]["Event"], "a" + kCsi + "b" + kDel + "c" + kRlo + "d");
  EXPECT_EQ(j["plies"][0]["comments"][0], "x" + kRlo + "y");
  const BinaryRun check = run_binary("check --format json " + shell_quoted(game.string()));
  EXPECT_FALSE(holds_raw_invisible(check.out)) << check.out;
}

std::string html_unescaped(std::string s) {
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
           {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&#39;", "'"}, {"&amp;", "&"}}) {
    for (std::size_t at = 0; (at = s.find(from, at)) != std::string::npos; at += to.size()) s.replace(at, from.size(), to);
  }
  return s;
}

// `s` as one sh word, whatever it holds.
std::string sh_word(const std::string& s) {
  std::string out = "'";
  for (const char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// The report's hint, run by sh in the folder where check ran, as a user pastes it.
TEST(ViewHint, TheSuggestedCommandRunsAsWrittenForAnyFileName) {
  for (const std::string name : {"--help.bpgn", "-o.bpgn", "a file.bpgn", "it's.bpgn", "$(x) `y`.bpgn"}) {
    ScratchDir dir;
    fs::copy_file(std::string(BPGN_CORPUS_DIR) + "/check/mixed.bpgn", dir / name);  // an invalid game: a section
    const std::string in_dir = "cd " + sh_word(dir.path().string()) + " && " + sh_word(BPGN_BINARY);
    (void)std::system((in_dir + " check -q --format html -o r.html -- " + sh_word(name) + " 2>/dev/null").c_str());
    const std::string html = read_file((dir / "r.html").string());
    std::smatch m;
    ASSERT_TRUE(std::regex_search(html, m, std::regex("<code>(bpgn view [^<]*)</code>"))) << name;
    const std::string command = html_unescaped(m[1].str());
    EXPECT_NE(command.find("-o match.html"), std::string::npos) << command;
    const std::string run = in_dir + command.substr(4) + " 2>err";
    const int status = std::system(("sh -c " + sh_word(run)).c_str());
    // Exit 1: the game shown holds an error (view's exit code says so); the page is written.
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) <= 1)
        << name << ": " << command << "\n" << read_file((dir / "err").string());
    EXPECT_TRUE(fs::exists(dir / "match.html")) << name << ": " << command;
  }
}

}  // namespace json_text_and_hint
}  // namespace bpgn::check_test
