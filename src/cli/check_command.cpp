// bpgn check: the command line over the reader, the replay and the report writers.
#include "cli/check_command.h"

#include "cli/commands.h"
#include "cli/errors.h"
#include "cli/exit_codes.h"
#include "cli/output_file.h"
#include "output/check_report.h"
#include "output/report_json.h"
#include "output/report_text.h"
#include "record/reader.h"
#include "replay/replay.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <fstream>
#include <memory>
#include <mutex>
#include <sstream>
#include <system_error>
#include <thread>

namespace bpgn {
namespace {

enum class Format { Text, Json, Jsonl };

// Checks one game at a time and formats its report; one per worker thread (it keeps the replay's
// and the formatter's memory between games).
class GameChecker {
 public:
  // The command line's rule choice is read once here (run_check has validated it).
  GameChecker(const CheckConfig& config, Format format)
      : config_(config), format_(format), choice_(rule_choice(config.rule_options)) {
    report_.strict = config.strict;
    report_.max_errors = config.max_errors;
    replay_.canonical_san = false;
  }

  // Appends the game's report to `out` and counts it in `summary`.
  void check(const Game& game, std::ostream& out, CheckSummary& summary) {
    const RuleSet rules = choose_rules(game, choice_.preset, choice_.overrides);
    replay_.tolerance_seconds = config_.tolerance.value_or(default_tolerance(game));
    replay(game, rules, replay_, result_);
    const ReplayResult& result = result_;
    const GameStatus status = status_of(game, result, report_);
    summary.add(status, result);
    switch (format_) {
      case Format::Text:
        if (!config_.quiet) write_text_diagnostics(out, game, result, report_);
        break;
      case Format::Jsonl:
      case Format::Json: {
        json_.clear();
        // The json document's first game (index 1) opens the array without a comma.
        if (format_ == Format::Json) json_ += game.index > 1 ? ",\n" : "\n";
        JsonWriter w(json_);
        write_game_report(w, game, result, report_);
        if (format_ == Format::Jsonl) json_ += '\n';
        out.write(json_.data(), std::streamsize(json_.size()));
        break;
      }
    }
  }

 private:
  const CheckConfig& config_;
  const Format format_;
  const RuleChoice choice_;  // --rules and --set
  ReportOptions report_;
  ReplayOptions replay_;
  ReplayResult result_;  // refilled for every game, keeping its memory
  std::string json_;     // a game's JSON report, written into this buffer and then to the stream
};

// Games handed from the reader to a worker and, once checked, to the writer. A batch and its Games
// are reused, so their memory is allocated once.
struct Batch {
  std::vector<Game> games;
  std::size_t count = 0;        // games in use
  std::string input_error;      // a message for `err` before this batch's reports (unreadable input)
  std::string report;           // the formatted reports of the games, in order
  CheckSummary summary;         // the games' totals
  std::uint64_t sequence = 0;   // position in the stream of batches
  bool checked = false;
};

// Reads the inputs in order and hands each game to `sink`, with the stream-wide index; input that
// cannot be opened or read is reported through `on_error` (false: some input failed), and so is,
// as a note, an input that holds no game.
template <class Sink, class OnError>
bool read_inputs(const CheckConfig& config, Sink&& sink, OnError&& on_error) {
  std::vector<std::string> files = config.files;
  if (files.empty()) files.push_back("-");
  bool ok = true;
  std::size_t index = 0;
  for (const std::string& path : files) {
    const std::string name = path == "-" ? "standard input" : path;
    try {
      Reader reader(path);
      const std::size_t before = index;
      while (Game* game = sink.slot()) {
        if (!reader.next(*game)) break;
        game->index = ++index;
        sink.commit();
      }
      if (index == before) on_error(name + ": no games\n");
    } catch (const std::system_error& e) {
      on_error("bpgn check: cannot read " + name + ": " + e.code().message() + "\n");
      ok = false;
    }
  }
  return ok;
}

// The whole run: reader, workers and the ordered writer.
class CheckRun {
 public:
  CheckRun(const CheckConfig& config, Format format, std::ostream& out, std::ostream& err)
      : config_(config), format_(format), out_(out), err_(err) {}

  // False when some input could not be read.
  bool run(unsigned jobs) {
    if (format_ == Format::Json) out_ << "{\"games\":[";
    const bool ok = jobs <= 1 ? run_sequential() : run_parallel(jobs);
    if (format_ == Format::Json) out_ << "],\"summary\":" << summary_json(summary_) << "}\n";
    if (format_ == Format::Text) write_text_summary(err_, summary_);
    out_.flush();
    return ok;
  }

  const CheckSummary& summary() const { return summary_; }

 private:
  // One game at a time in this thread: the reference the parallel run must equal byte for byte.
  bool run_sequential() {
    struct Sink {
      CheckRun& run;
      GameChecker checker;
      Game game;  // refilled by the reader, keeping its memory
      Game* slot() { return &game; }
      void commit() { checker.check(game, run.out_, run.summary_); }
    } sink{*this, GameChecker(config_, format_), Game{}};
    return read_inputs(config_, sink, [this](const std::string& message) { err_ << message; });
  }

  // The reader runs in this thread and fills batches; `jobs` workers check them; whichever worker
  // completes the batch that is next in order writes it and every completed one after it. At most
  // kBatchesPerJob * jobs batches exist, so memory is bounded whatever the input size.
  bool run_parallel(unsigned jobs) {
    constexpr std::size_t kGamesPerBatch = 32;
    constexpr std::size_t kBatchesPerJob = 3;
    std::vector<std::unique_ptr<Batch>> batches;
    for (std::size_t i = 0; i < kBatchesPerJob * jobs; ++i) {
      batches.push_back(std::make_unique<Batch>());
      batches.back()->games.resize(kGamesPerBatch);
      free_.push_back(batches.back().get());
    }

    std::vector<std::thread> workers;
    for (unsigned i = 0; i < jobs; ++i) workers.emplace_back([this] { work(); });

    struct Sink {
      CheckRun& run;
      Batch* batch = nullptr;
      Game* slot() {
        if (batch && batch->count == batch->games.size()) flush();
        if (!batch) batch = run.take_free();
        return &batch->games[batch->count];
      }
      void commit() { ++batch->count; }
      void flush() {
        if (batch) run.submit(batch);
        batch = nullptr;
      }
    } sink{*this};
    const bool ok = read_inputs(config_, sink, [&](const std::string& message) {
      if (!sink.batch) sink.batch = take_free();
      sink.batch->input_error += message;
      sink.flush();
    });
    if (sink.batch && (sink.batch->count > 0 || !sink.batch->input_error.empty())) sink.flush();
    else if (sink.batch) give_back(sink.batch);
    {
      std::lock_guard lock(mutex_);
      reading_done_ = true;
    }
    work_ready_.notify_all();
    for (std::thread& t : workers) t.join();
    return ok;
  }

  Batch* take_free() {
    std::unique_lock lock(mutex_);
    free_ready_.wait(lock, [this] { return !free_.empty(); });
    Batch* b = free_.back();
    free_.pop_back();
    b->count = 0;
    b->input_error.clear();
    b->report.clear();
    b->summary = CheckSummary{};
    b->checked = false;
    return b;
  }

  void give_back(Batch* b) {
    {
      std::lock_guard lock(mutex_);
      free_.push_back(b);
    }
    free_ready_.notify_one();
  }

  void submit(Batch* b) {
    {
      std::lock_guard lock(mutex_);
      b->sequence = next_sequence_++;
      pending_.push_back(b);
    }
    work_ready_.notify_one();
  }

  void work() {
    GameChecker checker(config_, format_);
    std::ostringstream out;
    for (;;) {
      Batch* b;
      {
        std::unique_lock lock(mutex_);
        work_ready_.wait(lock, [this] { return !pending_.empty() || reading_done_; });
        if (pending_.empty()) return;
        b = pending_.front();
        pending_.pop_front();
      }
      out.str(std::move(b->report));
      out.clear();
      for (std::size_t i = 0; i < b->count; ++i) checker.check(b->games[i], out, b->summary);
      b->report = std::move(out).str();
      write_in_order(b);
    }
  }

  // Marks `b` checked; writes every checked batch that is next in order (one writer at a time).
  void write_in_order(Batch* b) {
    std::unique_lock lock(mutex_);
    b->checked = true;
    done_.push_back(b);
    if (writing_) return;  // the writing worker will find it
    writing_ = true;
    for (;;) {
      auto next = std::find_if(done_.begin(), done_.end(), [this](Batch* d) { return d->sequence == written_; });
      if (next == done_.end()) break;
      Batch* w = *next;
      done_.erase(next);
      lock.unlock();
      err_ << w->input_error;
      out_ << w->report;
      summary_.merge(w->summary);
      lock.lock();
      ++written_;
      free_.push_back(w);
      free_ready_.notify_one();
    }
    writing_ = false;
  }

  const CheckConfig& config_;
  const Format format_;
  std::ostream& out_;
  std::ostream& err_;
  CheckSummary summary_;

  std::mutex mutex_;
  std::condition_variable work_ready_, free_ready_;
  std::vector<Batch*> free_;
  std::deque<Batch*> pending_;
  std::vector<Batch*> done_;
  std::uint64_t next_sequence_ = 0, written_ = 0;
  bool reading_done_ = false, writing_ = false;
};

}  // namespace

int run_check(const CheckConfig& config, std::ostream& out, std::ostream& err) {
  Format format;
  if (config.format == "text") format = Format::Text;
  else if (config.format == "json") format = Format::Json;
  else if (config.format == "jsonl") format = Format::Jsonl;
  else {
    err << "bpgn check: --format: '" << config.format << "' is not one of text, json, jsonl\n";
    return kExitUsage;
  }
  if (config.tolerance && !(*config.tolerance >= 0)) {
    err << "bpgn check: --tolerance must be a number of seconds >= 0\n";
    return kExitUsage;
  }
  try {
    // Validates --rules and every --set once, before any game is read.
    (void)rule_choice(config.rule_options);
  } catch (const UsageError& e) {
    err << "bpgn check: " << e.what() << '\n';
    return kExitUsage;
  }

  try {
    refuse_output_among_inputs("check", config.output, config.files);
  } catch (const UsageError& e) {
    err << "bpgn " << e.what() << '\n';
    return kExitUsage;
  }
  RunOutput output(config.output, out);
  if (!output.opened()) {
    err << "bpgn check: " << output.error() << '\n';
    return kExitIo;
  }

  unsigned jobs = config.jobs ? unsigned(*config.jobs) : std::thread::hardware_concurrency();
  CheckRun run(config, format, output.stream(), err);
  const bool inputs_ok = run.run(std::max(jobs, 1u));
  if (!output.finish()) {
    err << "bpgn check: " << output.error() << '\n';
    return kExitIo;
  }
  if (!inputs_ok) return kExitIo;
  const CheckSummary& s = run.summary();
  return s.invalid + s.unreadable > 0 ? kExitInvalid : kExitClean;
}

void add_check_command(CLI::App& app, CommandAction& action) {
  auto config = std::make_shared<CheckConfig>();
  CLI::App* cmd = app.add_subcommand("check", "Parse and replay every game; report every violation");
  cmd->add_option("files", config->files, "Input files (none or '-': standard input)");
  add_rule_options(*cmd, config->rule_options);
  cmd->add_option("--format", config->format, "Report format: text (default), json, jsonl")
      ->check(CLI::IsMember({"text", "json", "jsonl"}));
  cmd->add_option("-o,--output", config->output, "Write the report to FILE instead of standard output");
  cmd->add_flag("-q,--quiet", config->quiet, "Text format: print only the summary");
  cmd->add_option("--max-errors", config->max_errors, "List at most N violations per game (all are counted)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_flag("--strict", config->strict, "Warnings count as errors for the status and the exit code");
  cmd->add_option("--tolerance", config->tolerance,
                  "Seconds of lag allowed on top of the Lag tag when clocks are compared across boards "
                  "(default: 1 with a Lag tag, 30 without)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("-j,--jobs", config->jobs,
                  "Check games in N threads (default: the number of cores); the output is the same for every N")
      ->check(CLI::PositiveNumber);
  cmd->callback([config, &action] { action = [config] { return run_check(*config, std::cout, std::cerr); }; });
}

}  // namespace bpgn
