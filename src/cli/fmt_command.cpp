// bpgn fmt: every game written back in canonical BPGN (PGN for one-board games). Streams game by
// game; a record with errors is still written (see docs/fmt.md for the form), never dropped.
#include "cli/fmt_command.h"
#include "record/visible_text.h"

#include "cli/commands.h"
#include "cli/errors.h"
#include "pipeline/exit_codes.h"
#include "cli/input_list.h"
#include "pipeline/file_claims.h"
#include "pipeline/run_outputs.h"
#include "cli/progress.h"
#include "output/write_summary.h"
#include "pipeline/game_stream.h"
#include "convert/as_found.h"
#include "pipeline/check_game.h"
#include "convert/repair.h"
#include "output/canonical_writer.h"
#include "output/report_text.h"
#include "output/summary_json.h"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <CLI/CLI.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <system_error>

namespace bpgn {
namespace {

using Sink = std::function<void(std::string_view)>;

struct Totals {
  bool game_errors = false;   // a game with errors or unreadable
  bool io_failed = false;     // an input or output failed
  bool would_change = false;  // --check
  WriteCounts counts;         // the games, for the summary
  // A game too long to be written as found (32 MiB, ReaderOptions::max_raw_bytes) was read: the
  // output cannot hold every game read, so no output file is committed.
  bool cut = false;
  bool fix = false;           // --fix: repair the games (convert/repair.h)
  RepairCounts repairs;       // --fix: what was repaired
  // --in-place and --check: the files.
  std::size_t files = 0, rewritten = 0, untouched = 0, failed = 0;
};

// Formats one game into `sink`; games are separated by one blank line, also across inputs
// (`first` says whether a game was written before). Counts it in `counts`. Throws
// std::runtime_error for a game too long to be written as found (the reading of its input stops).
void format_game(Game& game, const RuleChoice& choice, bool report, const Sink& sink, bool& first, Totals& totals,
                 WriteCounts& counts, std::ostream& err, CanonicalWriter& writer, std::string& text) {
  if (game.raw_cut) {  // read, and never written: the reading of this input stops here
    ++counts.read;
    ++counts.not_written;
    totals.cut = true;
  }
  require_whole_raw_text(game);
  text.clear();
  if (!first) text += '\n';
  first = false;
  ++counts.read;
  Progress::add_games(1);
  if (unsupported_variant(game)) {
    // Not chess (DuckChess, Atomic, ...): written as found, its one error reported.
    write_as_found(game.raw, text);
    ++counts.with_errors;
    if (totals.fix) ++totals.repairs.not_repairable;
    totals.game_errors = true;
    if (report) write_errors(err, game, replay_for_output(game, choice));
  } else if (game.error || !game.readable() || game.has_broken_tag()) {
    // A broken tag has no canonical form: the record is written as found, the tag kept.
    write_as_found(game.raw, text);
    if (totals.fix) ++totals.repairs.not_repairable;
    ++counts.as_found;
    totals.game_errors = true;
    if (report) write_unreadable(err, game);
  } else {
    const ReplayResult result = replay_for_output(game, choice);
    if (totals.fix) {
      // A game with an error is not repaired: its outcome is not known for sure.
      if (result.has_error()) {
        ++totals.repairs.not_repairable;
      } else {
        repair_game(game, result, totals.repairs);
      }
    }
    writer.write(game, result, text);
    ++(result.has_error() ? counts.with_errors : counts.valid);
    if (result.has_error()) {
      totals.game_errors = true;
      if (report) write_errors(err, game, result);
    }
  }
  sink(text);
}

bool cannot_read(std::string_view name, std::string_view why, Totals& totals, std::ostream& err) {
  fmt::print(err, "bpgn fmt: cannot read {}: {}\n", input_name(name), why);
  totals.io_failed = true;
  return false;
}

// Formats one input (each member of an archive in turn); false when it could not be read. Its
// games are counted in `counts`; a member without any game (empty, or blank space only) is said
// once. `read` sees the input's bytes (decompressed) as they are read. With `plain_only` (fmt
// --in-place) a compressed file or an archive is refused: it cannot be rewritten as text.
bool format_input(const std::string& path, const RuleChoice& choice, bool report, const Sink& sink,
                  bool& first, Totals& totals, WriteCounts& counts, std::ostream& err,
                  std::function<void(std::string_view)> read = nullptr, bool plain_only = false) {
  InputStreams inputs({path});
  if (plain_only) {
    if (inputs.next() == InputStreams::Step::Failure) return cannot_read(inputs.failure().file, inputs.failure().reason, totals, err);
    if (inputs.packing() != Packing::Plain) {
      fmt::print(err, "bpgn fmt: cannot rewrite {} in place: it is compressed or an archive (write it with -o)\n",
                 visible_text(path));
      totals.io_failed = true;
      return false;
    }
  }
  GameStream games(inputs, as_found_reader_options());
  if (read) games.watch_bytes(std::move(read));
  Game game;
  CanonicalWriter writer;
  std::string text;
  for (GameStream::Step step; (step = games.next(game)) != GameStream::Step::End;) {
    if (step == GameStream::Step::NoGames) {
      fmt::print(err, "bpgn fmt: {}: no games\n", input_name(games.file()));
    } else if (step == GameStream::Step::Failure) {
      return cannot_read(games.failure().file, games.failure().reason, totals, err);
    } else {
      game.index = game.file_index;  // fmt numbers a game within its file
      try {
        format_game(game, choice, report, sink, first, totals, counts, err, writer, text);
      } catch (const std::runtime_error& e) {  // a game too long to be written as found
        return cannot_read(game.file, e.what(), totals, err);
      }
    }
  }
  return true;
}

// Compares two texts that both arrive in pieces, each at its own pace (standard input as the reader
// reads it, fmt's output as it is written): holds only the part of the one ahead that the other
// has not reached yet, which the reader's read-ahead bounds.
class StreamComparer {
 public:
  void original(std::string_view piece) { feed(piece, true); }
  void produced(std::string_view piece) { feed(piece, false); }
  bool same() const { return same_ && head_ == ahead_.size(); }

 private:
  void feed(std::string_view piece, bool original) {
    if (!same_ || piece.empty()) return;
    if (head_ == ahead_.size() || ahead_is_original_ == original) {  // this side is ahead (or even)
      if (head_ == ahead_.size()) ahead_.clear(), head_ = 0;
      ahead_.append(piece);
      ahead_is_original_ = original;
      return;
    }
    const std::size_t n = std::min(piece.size(), ahead_.size() - head_);
    if (piece.substr(0, n) != std::string_view(ahead_).substr(head_, n)) {
      same_ = false;
      ahead_ = std::string();
      head_ = 0;
      return;
    }
    head_ += n;
    piece.remove_prefix(n);
    if (!piece.empty()) {  // the other side is used up: this one is ahead now
      ahead_.assign(piece);
      head_ = 0;
      ahead_is_original_ = original;
    } else if (head_ >= (std::size_t{1} << 16) && head_ >= ahead_.size() / 2) {
      ahead_.erase(0, head_);
      head_ = 0;
    }
  }

  std::string ahead_;  // [head_, size): bytes of one side the other has not matched yet
  std::size_t head_ = 0;
  bool ahead_is_original_ = true;
  bool same_ = true;
};

void format_in_place(const std::string& file, const RuleChoice& choice, Totals& totals, std::ostream& err) {
  struct stat st {};
  const bool found = ::stat(file.c_str(), &st) == 0;
  if (found && S_ISDIR(st.st_mode)) {  // a folder the walk could not read: opening it says why
    bool unused = true;
    WriteCounts none;
    format_input(file, choice, true, [](std::string_view) {}, unused, totals, none, err);
    ++totals.failed;
    return;
  }
  if (!found || !S_ISREG(st.st_mode)) {
    fmt::print(err, "bpgn fmt: cannot rewrite {}: {}\n", visible_text(file),
               found ? "not a regular file" : std::strerror(errno));
    totals.io_failed = true;
    ++totals.failed;  // not read: its games are not counted
    return;
  }
  AtomicFile temp(file);
  if (!temp.opened()) {
    fmt::print(err, "bpgn fmt: {}\n", temp.error());
    totals.io_failed = true;
    ++totals.failed;  // not read: its games are not counted
    return;
  }
  StreamComparer original;
  bool first = true;
  WriteCounts counts;
  const bool read = format_input(
      file, choice, true,
      [&](std::string_view piece) {
        original.produced(piece);
        temp.stream().write(piece.data(), std::streamsize(piece.size()));
      },
      first, totals, counts, err, [&](std::string_view piece) { original.original(piece); }, /*plain_only=*/true);
  if (read && original.same()) {
    // Nothing to change: the file keeps its inode and time stamp; its games are as fmt writes them.
    ++totals.untouched;
  } else if (read && temp.commit()) {
    ++totals.rewritten;
  } else {  // the temporary file is removed, the file left as it was
    if (read) fmt::print(err, "bpgn fmt: {}\n", temp.error());
    totals.io_failed = true;
    ++totals.failed;
    counts.drop_all();
  }
  totals.counts.add(counts);
}

// --summary-json: the counts of the summary line as JSON (with --fix, the repairs by kind).
std::string fmt_summary_json(const FmtConfig& config, std::size_t inputs, const Totals& totals) {
  if (!config.fix) return write_summary_json("fmt", inputs, totals.counts);
  return write_summary_json("fmt", inputs, totals.counts,
                            [&](JsonWriter& w) { write_repair_members(w, totals.repairs); });
}

// The summary line on standard error (docs/fmt.md, "Summary").
void print_summary(const FmtConfig& config, std::size_t inputs, const Totals& totals, std::ostream& err) {
  std::string line = write_summary("fmt", totals.counts);
  if (config.fix) line += "; " + repair_summary(totals.repairs);
  if (!config.in_place) line += fmt::format("; {} input{}", inputs, inputs == 1 ? "" : "s");
  if (config.in_place) {
    line += fmt::format("; {} file{}: {} rewritten, {} already canonical, {} left as {} (failed)",
                        totals.files, totals.files == 1 ? "" : "s", totals.rewritten, totals.untouched,
                        totals.failed, totals.failed == 1 ? "it was" : "they were");
  }
  fmt::print(err, "{}\n", line);
}

// The --files-from lists that could not be read, said in their place among the inputs.
struct ListFailures {
  std::vector<FailureAt> at;
  std::size_t next = 0;
  void before(std::size_t input, Totals& totals, std::ostream& err) {
    for (; next < at.size() && at[next].before <= input; ++next) {
      cannot_read(at[next].failure.file, at[next].failure.reason, totals, err);
    }
  }
};

int exit_code(const FmtConfig& config, const Totals& totals, std::size_t games_read, std::ostream& err) {
  if (totals.io_failed) return kExitIo;
  if (fails_for_no_games("fmt", games_read, config.input_options.allow_empty, err)) return kExitInvalid;
  if (totals.game_errors || totals.would_change) return kExitInvalid;
  return kExitClean;
}

int run(const FmtConfig& config, std::ostream& out, std::ostream& err) {
  if (config.in_place && config.check) throw UsageError("fmt: --in-place and --check exclude each other");
  if (config.in_place && !config.output.empty())
    throw UsageError("fmt: --in-place and -o exclude each other");
  std::vector<std::string> inputs = config.inputs;
  ListFailures list_failures;
  if (inputs.empty() && config.input_options.files_from.empty()) {
    inputs.push_back("-");
    say_if_reading_a_terminal("fmt", err);
  } else {  // folders and --files-from become the list of files
    InputList list = expand_inputs(inputs, config.input_options);
    for (const std::string& n : list.notes) fmt::print(err, "{}\n", n);
    inputs = std::move(list.files);
    list_failures.at = std::move(list.failures);
  }
  if (config.in_place) {
    for (const std::string& f : inputs) {
      if (f == "-") throw UsageError("fmt: --in-place needs FILE arguments, not standard input");
    }
  }
  FileClaims claims;  // every output once, never onto an input (the list too)
  claims.inputs(inputs);
  claims.input(config.input_options.files_from, "the --files-from list");
  claims.output(config.output, "-o", "use --in-place to rewrite it");
  claims.output(config.summary_json, "--summary-json");
  const RuleChoice choice = rule_choice(config.rule_options);
  Totals totals;
  totals.fix = config.fix;

  if (config.in_place) {
    // Each file is its own output, replaced or left as it was by itself (docs/fmt.md, *--in-place*).
    OutputGroup outputs("fmt", out);
    RunOutput* summary_file = nullptr;
    if (!config.summary_json.empty() && !(summary_file = outputs.open(config.summary_json, err))) return kExitIo;
    totals.files = inputs.size();
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      list_failures.before(i, totals, err);
      format_in_place(inputs[i], choice, totals, err);
    }
    list_failures.before(inputs.size(), totals, err);
    if (summary_file) summary_file->stream() << fmt_summary_json(config, inputs.size(), totals);
    if (!outputs.commit(err)) totals.io_failed = true;
    print_summary(config, inputs.size(), totals, err);
    return exit_code(config, totals, totals.counts.read, err);
  }

  if (config.check) {
    std::size_t read = 0, changing = 0;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      list_failures.before(i, totals, err);
      const std::string& f = inputs[i];
      bool first = true;
      Totals local;  // --check says nothing about the games themselves
      local.fix = config.fix;
      WriteCounts counts;
      // The input is compared with what is written as both go (standard input cannot be read
      // twice, and a compressed file is compared by its text).
      StreamComparer comparer;
      if (!format_input(
              f, choice, false, [&](std::string_view piece) { comparer.produced(piece); }, first, local, counts, err,
              [&](std::string_view piece) { comparer.original(piece); })) {
        totals.io_failed = true;
        continue;
      }
      const bool same = comparer.same();
      read += counts.read;
      if (!same) {
        ++changing;
        totals.would_change = true;
        fmt::print(out, "{}\n", f);
      }
    }
    list_failures.before(inputs.size(), totals, err);
    fmt::print(err, "bpgn fmt --check: {} game{} read, none written; {} of {} input{} would change\n", read,
               read == 1 ? "" : "s", changing, inputs.size(), inputs.size() == 1 ? "" : "s");
    return exit_code(config, totals, read, err);
  }

  // The output and the summary are committed together, or neither (docs/check.md, *Output files*).
  OutputGroup outputs("fmt", out);
  RunOutput* output = outputs.open(config.output, err);
  if (!output) return kExitIo;
  RunOutput* summary_file = nullptr;
  if (!config.summary_json.empty() && !(summary_file = outputs.open(config.summary_json, err))) return kExitIo;
  std::ostream& target = output->stream();
  std::optional<Progress> progress;
  progress.emplace(!config.output.empty() || !::isatty(STDOUT_FILENO), total_input_bytes(inputs));
  bool first = true;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    list_failures.before(i, totals, err);
    format_input(
        inputs[i], choice, true,
        [&](std::string_view piece) { target.write(piece.data(), std::streamsize(piece.size())); }, first,
        totals, totals.counts, err);
    if (!target) break;
  }
  list_failures.before(inputs.size(), totals, err);
  progress.reset();
  if (summary_file) summary_file->stream() << fmt_summary_json(config, inputs.size(), totals);
  if (!outputs.commit(err, !totals.cut)) totals.io_failed = true;
  if (!output->written()) totals.counts.drop_all();
  print_summary(config, inputs.size(), totals, err);
  return exit_code(config, totals, totals.counts.read, err);
}

}  // namespace

int run_fmt(const FmtConfig& config, std::ostream& out, std::ostream& err) {
  try {
    return run(config, out, err);
  } catch (const CommandError& e) {
    return report_error("fmt", e, err);
  }
}

void add_fmt_command(CLI::App& app, CommandAction& action) {
  auto config = std::make_shared<FmtConfig>();
  CLI::App* cmd =
      app.add_subcommand("fmt", "Write every game back as canonical BPGN (PGN for one-board games)");
  cmd->add_option("FILE", config->inputs,
                  "Input files or folders (folders: their *.bpgn and *.pgn files, recursively; none or '-': standard input)");
  add_input_options(*cmd, config->input_options);
  cmd->add_option("-o,--output", config->output, "Write to FILE instead of standard output");
  cmd->add_flag("-i,--in-place", config->in_place,
                "Rewrite each FILE (atomically: a temporary file, then rename)");
  cmd->add_flag("--check", config->check, "Only list the inputs that would change; exit 1 if any");
  cmd->add_option("--summary-json", config->summary_json, "Also write the summary's counts as JSON to FILE");
  cmd->add_flag("--fix", config->fix,
                "Repair what the replay shows: + and # suffixes, the Result tag and token, missing player tags; "
                "each repaired game gets a BpgnRepairs tag, the summary counts every repair");
  add_rule_options(*cmd, config->rule_options);
  cmd->callback([config, &action] { action = [config] { return run_fmt(*config, std::cout, std::cerr); }; });
}

}  // namespace bpgn
