// bpgn fmt: every game written back in canonical BPGN (PGN for one-board games). Streams game by
// game; a record with errors is still written (see docs/fmt.md for the form), never dropped.
#include "cli/fmt_command.h"

#include "cli/commands.h"
#include "cli/errors.h"
#include "cli/exit_codes.h"
#include "convert/game_report.h"
#include "convert/game_source.h"
#include "convert/record_rules.h"
#include "output/canonical_writer.h"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <CLI/CLI.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <memory>
#include <system_error>

namespace bpgn {
namespace {

using Sink = std::function<void(std::string_view)>;

struct Totals {
  bool game_errors = false;   // a game with errors or unreadable
  bool io_failed = false;     // an input or output failed
  bool would_change = false;  // --check
};

// Formats every game of one input into `sink`; games are separated by one blank line, also
// across inputs (`first` says whether a game was written before). Returns false when the input
// could not be opened.
void format_games(GameSource& source, const RuleChoice& choice, bool report, const Sink& sink, bool& first,
                  Totals& totals, std::ostream& err) {
  CanonicalWriter writer;
  Game game;
  std::string text;
  while (source.next(game)) {
    text.clear();
    if (!first) text += '\n';
    first = false;
    // A broken tag has no canonical form: the record is written as found, the tag kept.
    if (game.error || !game.readable() || game.has_broken_tag()) {
      write_as_found(source.raw(), text);
      totals.game_errors = true;
      if (report) report_unreadable(game, err);
    } else {
      const ReplayResult result = replay_for_output(game, choice);
      writer.write(game, result, text);
      if (result.has_error()) {
        totals.game_errors = true;
        if (report) report_errors(game, result, err);
      }
    }
    sink(text);
  }
}

bool format_input(const std::string& path, const RuleChoice& choice, bool report, const Sink& sink,
                  bool& first, Totals& totals, std::ostream& err) {
  try {
    GameSource source(path);
    format_games(source, choice, report, sink, first, totals, err);
  } catch (const std::system_error& e) {
    fmt::print(err, "bpgn fmt: cannot read {}: {}\n", path, e.code().message());
    totals.io_failed = true;
    return false;
  } catch (const std::runtime_error& e) {  // the reader's read errors (a folder, a failing disk)
    fmt::print(err, "bpgn fmt: cannot read {}: {}\n", path, e.what());
    totals.io_failed = true;
    return false;
  }
  return true;
}

// Compares the bytes of a file with a text that arrives in pieces.
class FileComparer {
 public:
  explicit FileComparer(const std::string& path) : in_(path, std::ios::binary) { same_ = bool(in_); }
  void feed(std::string_view piece) {
    if (!same_) return;
    buffer_.resize(piece.size());
    in_.read(buffer_.data(), std::streamsize(piece.size()));
    same_ = in_.gcount() == std::streamsize(piece.size()) && std::string_view(buffer_) == piece;
  }
  bool same() { return same_ && in_.peek() == std::char_traits<char>::eof(); }

 private:
  std::ifstream in_;
  std::string buffer_;
  bool same_ = true;
};

// A temporary file beside the target: `.<name>.bpgn-fmt.tmp` in the same folder, so that the
// final rename is atomic. Created exclusively: whatever stands at that name makes fmt fail
// before touching the original.
class TempFile {
 public:
  TempFile(const std::filesystem::path& target, mode_t mode) {
    path_ = target.parent_path() / ("." + target.filename().string() + ".bpgn-fmt.tmp");
    fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode & 07777);
    if (fd_ < 0) error_ = errno;
  }
  ~TempFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!kept_) ::unlink(path_.c_str());
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;

  int error() const { return error_; }
  const std::filesystem::path& path() const { return path_; }
  void write(std::string_view data) {
    while (!error_ && !data.empty()) {
      const ssize_t n = ::write(fd_, data.data(), data.size());
      if (n < 0) {
        if (errno == EINTR) continue;
        error_ = errno;
        return;
      }
      data.remove_prefix(std::size_t(n));
    }
  }
  // Flushes to disk and closes; then the caller renames or drops it.
  void close() {
    if (fd_ < 0) return;
    if (!error_ && ::fsync(fd_) != 0) error_ = errno;
    if (::close(fd_) != 0 && !error_) error_ = errno;
    fd_ = -1;
  }
  void rename_to(const std::filesystem::path& target) {
    if (!error_ && ::rename(path_.c_str(), target.c_str()) != 0) error_ = errno;
    if (!error_) kept_ = true;
  }

 private:
  std::filesystem::path path_;
  int fd_ = -1;
  int error_ = 0;
  bool kept_ = false;
};

void format_in_place(const std::string& file, const RuleChoice& choice, Totals& totals, std::ostream& err) {
  struct stat st {};
  if (::stat(file.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
    fmt::print(err, "bpgn fmt: cannot rewrite {}: {}\n", file,
               errno ? std::strerror(errno) : "not a regular file");
    totals.io_failed = true;
    return;
  }
  TempFile temp(file, st.st_mode);
  if (temp.error()) {
    fmt::print(err, "bpgn fmt: cannot create {}: {}; {} is left as it was\n", temp.path().string(),
               std::strerror(temp.error()), file);
    totals.io_failed = true;
    return;
  }
  FileComparer original(file);
  bool first = true;
  const bool read = format_input(
      file, choice, true,
      [&](std::string_view piece) {
        original.feed(piece);
        temp.write(piece);
      },
      first, totals, err);
  temp.close();
  if (!read) return;
  if (temp.error()) {
    fmt::print(err, "bpgn fmt: cannot write {}: {}; {} is left as it was\n", temp.path().string(),
               std::strerror(temp.error()), file);
    totals.io_failed = true;
    return;
  }
  if (original.same()) return;  // nothing to change: the file keeps its time stamp
  // Best effort: the rewritten file keeps the owner (fmt may run as root over other users' files).
  if (::chown(temp.path().c_str(), st.st_uid, st.st_gid) != 0) {
    // Not fatal: the mode bits were set at creation.
  }
  temp.rename_to(file);
  if (temp.error()) {
    fmt::print(err, "bpgn fmt: cannot replace {}: {}; it is left as it was\n", file,
               std::strerror(temp.error()));
    totals.io_failed = true;
  }
}

int exit_code(const Totals& totals) {
  if (totals.io_failed) return kExitIo;
  if (totals.game_errors || totals.would_change) return kExitInvalid;
  return kExitClean;
}

int run(const FmtConfig& config, std::ostream& out, std::ostream& err) {
  if (config.in_place && config.check) throw UsageError("fmt: --in-place and --check exclude each other");
  if (config.in_place && !config.output.empty())
    throw UsageError("fmt: --in-place and -o exclude each other");
  std::vector<std::string> inputs = config.inputs;
  if (inputs.empty()) inputs.push_back("-");
  if (config.in_place) {
    for (const std::string& f : inputs) {
      if (f == "-") throw UsageError("fmt: --in-place needs FILE arguments, not standard input");
    }
  }
  if (!config.output.empty()) {
    std::error_code ec;
    for (const std::string& f : inputs) {
      if (f != "-" && std::filesystem::equivalent(f, config.output, ec)) {
        throw UsageError("fmt: -o " + config.output + " is also an input; use --in-place to rewrite it");
      }
    }
  }
  const RuleChoice choice = rule_choice(config.rule_options);
  Totals totals;

  if (config.in_place) {
    for (const std::string& f : inputs) format_in_place(f, choice, totals, err);
    return exit_code(totals);
  }

  if (config.check) {
    for (const std::string& f : inputs) {
      bool first = true;
      Totals local;  // --check says nothing about the games themselves
      bool same;
      if (f == "-") {
        // Standard input cannot be read twice: keep it and compare in memory.
        std::string original(std::istreambuf_iterator<char>(std::cin), {});
        std::string produced;
        GameSource source("-", original);
        format_games(
            source, choice, false, [&](std::string_view piece) { produced += piece; }, first, local, err);
        same = produced == original;
      } else {
        FileComparer comparer(f);
        if (!format_input(
                f, choice, false, [&](std::string_view piece) { comparer.feed(piece); }, first, local, err)) {
          totals.io_failed = true;
          continue;
        }
        same = comparer.same();
      }
      if (!same) {
        totals.would_change = true;
        fmt::print(out, "{}\n", f);
      }
    }
    return exit_code(totals);
  }

  std::ofstream file;
  std::ostream* target = &out;
  if (!config.output.empty()) {
    file.open(config.output, std::ios::binary | std::ios::trunc);
    if (!file) throw IoError("cannot write " + config.output + ": " + std::strerror(errno));
    target = &file;
  }
  bool first = true;
  for (const std::string& f : inputs) {
    format_input(
        f, choice, true,
        [&](std::string_view piece) { target->write(piece.data(), std::streamsize(piece.size())); }, first,
        totals, err);
    if (!*target) break;
  }
  target->flush();
  if (file.is_open()) file.close();
  if (!*target) {
    fmt::print(err, "bpgn fmt: cannot write {}\n", config.output.empty() ? "standard output" : config.output);
    totals.io_failed = true;
  }
  return exit_code(totals);
}

}  // namespace

RuleChoice rule_choice(const RuleOptions& options) {
  RuleChoice choice;
  if (!options.rules.empty()) {
    auto preset = rules_by_name(options.rules);
    if (!preset) throw UsageError("unknown rule set '" + options.rules + "'");
    choice.preset = *preset;
  }
  // Check every override now, so that a bad --set is a usage error before any output.
  RuleSet probe = choice.preset.value_or(bughouse_rules());
  for (const std::string& s : options.sets) {
    if (auto error = apply_override(probe, s)) throw UsageError("--set " + s + ": " + *error);
  }
  choice.overrides = options.sets;
  // choice.tolerance stays unset: each record gets check's default allowance, so that check says
  // the same of fmt's output as of its input (a move-after-end decision depends on it).
  return choice;
}

int run_fmt(const FmtConfig& config, std::ostream& out, std::ostream& err) {
  try {
    return run(config, out, err);
  } catch (const UsageError& e) {
    fmt::print(err, "bpgn: {}\n", e.what());
    return kExitUsage;
  } catch (const IoError& e) {
    fmt::print(err, "bpgn: {}\n", e.what());
    return kExitIo;
  }
}

void add_fmt_command(CLI::App& app, CommandAction& action) {
  auto config = std::make_shared<FmtConfig>();
  CLI::App* cmd =
      app.add_subcommand("fmt", "Write every game back as canonical BPGN (PGN for one-board games)");
  cmd->add_option("FILE", config->inputs, "Input files (none or '-': standard input)");
  cmd->add_option("-o,--output", config->output, "Write to FILE instead of standard output");
  cmd->add_flag("-i,--in-place", config->in_place,
                "Rewrite each FILE (atomically: a temporary file, then rename)");
  cmd->add_flag("--check", config->check, "Only list the inputs that would change; exit 1 if any");
  add_rule_options(*cmd, config->rule_options);
  cmd->callback([config, &action] { action = [config] { return run_fmt(*config, std::cout, std::cerr); }; });
}

}  // namespace bpgn
