// Helpers shared by the fmt and convert tests: scratch folders, files, in-process and
// out-of-process runs, and a per-game summary of what the replay says.
#pragma once

#include "cli/convert_command.h"
#include "cli/fmt_command.h"
#include "pipeline/run/check_game.h"
#include "record/reader.h"
#include "replay/replay.h"
#include "replay/rule_choice.h"
#include "replay/violation.h"
#include "support/scratch_dir.h"

#include <gtest/gtest.h>

#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace bpgn::test {

inline const std::string kCorpus = BPGN_CORPUS_DIR;
inline const std::string kGolden = std::string(BPGN_CORPUS_DIR) + "/../tests/golden";
// Fifteen games in one file, and one match.
inline const std::string kFifteen = kCorpus + "/fics/2001-03-03-fifteen-games.bpgn";
inline const std::string kOneMatch = kCorpus + "/fics/1934301.bpgn";

inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << "cannot read " << path;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  ASSERT_TRUE(out) << "cannot write " << path;
}

struct Run {
  int code = -1;
  std::string out;
  std::string err;
};

// A command run in this process with `config`: the exit code and what it wrote.
template <class Config>
Run run_captured(int (*command)(const Config&, std::ostream&, std::ostream&), const Config& config) {
  std::ostringstream out, err;
  Run r;
  r.code = command(config, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

// `bpgn fmt` and `bpgn convert` in this process.
inline Run fmt(const FmtConfig& config) { return run_captured(run_fmt, config); }

inline Run fmt_file(const std::string& path) {
  FmtConfig config;
  config.inputs = {path};
  return fmt(config);
}

inline Run convert(const ConvertConfig& config) { return run_captured(run_convert, config); }

inline Run convert(const std::vector<std::string>& inputs, const std::string& to, bool fen = false) {
  ConvertConfig config;
  config.inputs = inputs;
  config.to = to;
  config.fen = fen;
  return convert(config);
}

// Runs a shell command line (the built binary is BPGN_BINARY) and collects its output.
inline Run run_shell(const ScratchDir& dir, const std::string& command) {
  const std::string out = (dir / "stdout.txt").string();
  const std::string err = (dir / "stderr.txt").string();
  const std::string line = "( " + command + " ) >" + out + " 2>" + err;
  const int status = std::system(("bash -c '" + line + "'").c_str());
  Run r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = read_file(out);
  r.err = read_file(err);
  return r;
}

// Runs `bpgn <args>` in `folder` (relative paths are relative to it), after the shell text
// `before` (`ulimit -f 100; `); run_shell's own stdout.txt and stderr.txt go to `dir`.
inline Run bpgn_in(const ScratchDir& dir, const std::filesystem::path& folder, const std::string& args,
                   const std::string& before = "") {
  return run_shell(dir, "cd " + folder.string() + " && " + before + "exec " + BPGN_BINARY + " " + args);
}

// The names in a folder, sorted: a temporary file left behind shows here.
inline std::vector<std::string> names_in(const std::filesystem::path& folder) {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(folder)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// What the replay says of one game: its status and the codes of its errors and warnings.
struct GameVerdict {
  std::string status;  // valid | invalid | unreadable
  std::set<std::string> errors;
  std::set<std::string> warnings;
  friend bool operator==(const GameVerdict&, const GameVerdict&) = default;
};

inline std::vector<GameVerdict> verdicts(const std::string& name, const std::string& text) {
  std::vector<GameVerdict> out;
  Reader reader(name, text);
  Game game;
  while (reader.next(game)) {
    GameVerdict v;
    if (!game.readable()) {
      v.status = "unreadable";
      v.errors.insert("syntax");
    } else {
      const ReplayResult r = replay_for_output(game, RuleChoice{});
      for (const Violation& x : r.violations) {
        (x.severity == Severity::Error ? v.errors : v.warnings).insert(std::string(info(x.code).code));
      }
      if (game.error) v.errors.insert("syntax");
      v.status = v.errors.empty() ? "valid" : "invalid";
    }
    out.push_back(std::move(v));
  }
  return out;
}

inline std::vector<std::string> corpus_record_files() {
  std::vector<std::string> files;
  for (const char* folder : {"fics", "chesscom-derived", "crazyhouse", "chess", "chess960"}) {
    for (const auto& e : std::filesystem::directory_iterator(kCorpus + "/" + folder)) {
      if (e.is_regular_file()) files.push_back(e.path().string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace bpgn::test
