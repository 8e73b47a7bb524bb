// `bpgn check --jobs N`: the report (text, json, jsonl), the summary and the exit code are the same
// byte for byte whatever N, on the whole corpus and on a stream mixing clean, broken and
// unreadable games. No timing here: bench/run measures speed.
#include "cli/binary_run.h"
#include "cli/check_command.h"
#include "pipeline/run/exit_codes.h"
#include "replay/check_test_util.h"

#include <nlohmann/json.hpp>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace bpgn::check_test {
namespace {

namespace fs = std::filesystem;


// Runs the built binary, not run_check(): the worker threads' memory then stays out of this
// process, whose size other tests' children inherit at fork.
BinaryRun run_with_jobs(const CheckConfig& config, unsigned jobs) {
  std::string args = "check --jobs " + std::to_string(jobs) + " --format " + config.format;
  if (config.quiet) args += " --quiet";
  for (const std::string& f : config.files) args += " " + shell_quoted(f);
  return run_binary(args);
}

// Every file of corpus/ that `check` reads, in a fixed order, so several files form one stream.
std::vector<std::string> corpus_files() {
  std::vector<std::string> files;
  for (const auto& entry : fs::recursive_directory_iterator(BPGN_CORPUS_DIR)) {
    const std::string ext = entry.path().extension().string();
    if (entry.is_regular_file() && (ext == ".bpgn" || ext == ".pgn")) files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<std::string> lines_of_text(const std::string& s) {
  std::vector<std::string> lines;
  std::istringstream in(s);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

void expect_same_for_every_job_count(const CheckConfig& config) {
  const BinaryRun one = run_with_jobs(config, 1);
  for (unsigned jobs : {2u, 3u, 8u}) {
    const BinaryRun many = run_with_jobs(config, jobs);
    EXPECT_EQ(many.exit_code, one.exit_code) << "--jobs " << jobs << " --format " << config.format;
    EXPECT_EQ(many.out, one.out) << "--jobs " << jobs << " --format " << config.format;
    EXPECT_EQ(many.err, one.err) << "--jobs " << jobs << " --format " << config.format;
  }
}

TEST(CheckJobs, CorpusReportIsTheSameWithOneAndSeveralJobs) {
  CheckConfig config;
  config.files = corpus_files();
  ASSERT_GT(config.files.size(), 10u);
  for (const char* format : {"text", "json", "jsonl"}) {
    config.format = format;
    expect_same_for_every_job_count(config);
  }
  config.format = "text";
  config.quiet = true;
  expect_same_for_every_job_count(config);
}

// Many batches' worth of games: clean ones, illegal moves, broken text, an unreadable stretch, a
// PGN game; and a file that does not exist in the middle of the list.
TEST(CheckJobs, MixedStreamWithBrokenGamesIsReportedInInputOrder) {
  const std::string clean = bpgn("1A. e4 {179} 1a. e5 {179} 1B. d4 {178} 1b. d5 {178}");
  const std::string illegal = bpgn("1A. e4 1a. Ke3 1B. d4");
  const std::string drop = bpgn("1A. e4 1a. d5 1B. N@f3");
  const std::string broken = "[Event \"broken\"]\n[WhiteA \"wa\"\n\n1A. e4 {unclosed\n\n";
  const std::string garbage = "this is no record at all\n\n";
  const std::string chess = pgn("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#", "", "1-0");
  std::string text;
  for (int i = 0; i < 150; ++i) {
    switch (i % 6) {
      case 0: text += clean; break;
      case 1: text += illegal; break;
      case 2: text += drop; break;
      case 3: text += broken; break;
      case 4: text += garbage; break;
      case 5: text += chess; break;
    }
    text += "\n";
  }
  const std::string path = temp_path("mixed.bpgn");
  {
    std::ofstream file(path, std::ios::binary);
    file << text;
  }
  CheckConfig config;
  config.files = {path, path + ".missing", path};
  for (const char* format : {"text", "json", "jsonl"}) {
    config.format = format;
    const BinaryRun one = run_with_jobs(config, 1);
    EXPECT_EQ(one.exit_code, kExitIo);
    EXPECT_NE(one.err.find("cannot read"), std::string::npos);
    if (config.format == "jsonl") {
      // Every game once, in order: index 1..N on consecutive lines.
      const auto lines = lines_of_text(one.out);
      // A broken game's skipping swallows the text that is no record after it: 125 games in each
      // of the two readings of the file.
      // The missing input between them is a line of its own, in input order.
      ASSERT_EQ(lines.size(), 251u);
      EXPECT_EQ(nlohmann::json::parse(lines[125]).at("input_error").at("file"), path + ".missing");
      for (std::size_t i = 0, index = 0; i < lines.size(); ++i) {
        if (i == 125) continue;
        EXPECT_EQ(nlohmann::json::parse(lines[i]).at("index").get<std::size_t>(), ++index);
      }
    }
    expect_same_for_every_job_count(config);
  }
  fs::remove(path);
}

}  // namespace
}  // namespace bpgn::check_test
