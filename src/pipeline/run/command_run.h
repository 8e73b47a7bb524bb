// The one run of a command over its inputs (docs/architecture.md, *The one run*). Every command
// that reads games (check, fmt, convert, standings, view, summary merge) goes through the same
// steps in the same order: the names on the command line expanded into files (folders, --files-from
// lists; none: standard input), every input and output claimed once (FileClaims: an output onto an
// input is exit 2 before anything is read), the command's side files read, its outputs opened
// before a game is read (exit 3 when one cannot be), the games streamed, the arbiter's decisions
// held to the games read (exit 2, nothing written), the outputs committed together (exit 3 when
// one could not be), then an input that failed (exit 3), no games read (exit 1 unless
// --allow-empty), and the command's own exit code. A command says what it reads and writes in a
// CommandPlan and does only its own part of each step in a CommandSteps; run_command does the rest.
#pragma once

#include "pipeline/input/input_paths.h"
#include "pipeline/input/inputs.h"
#include "pipeline/output/file_claims.h"
#include "pipeline/output/run_outputs.h"

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bpgn {

// What a command reads and writes, known from its options before anything is opened.
struct CommandPlan {
  std::string command;              // "check": its messages start "bpgn check: "
  std::vector<std::string> names;   // FILE... as given (files, folders, "-")
  InputOptions inputs;              // --include, --files-from, --files0-from, --allow-empty
  // How the names become files: Records expands folders and lists (expand_inputs), none named
  // meaning standard input (said when it is a terminal); AsGiven takes them as they are (the
  // command found them itself: fmt, check and convert once they said what they read).
  enum class Expand { Records, AsGiven } expand = Expand::Records;
  std::vector<FailureAt> failures;  // AsGiven: the inputs that could not be listed, in their place
  std::vector<std::string> given;   // claimed as inputs before the files (convert: its folders too)
  bool say_notes = true;            // the expansion's notes on `err` (standings -q: not)
  std::string notes_prefix;         // before each note (view: "bpgn view: ")
  // The claims after the inputs and the lists, in this order: side inputs (`output` false: "the
  // --alias file") and outputs (`what` is the option, "-o"; `hint` added when it is an input;
  // `needs_file`: "-" is refused, "COMMAND: WHAT needs a file name", exit 2).
  struct Claim {
    std::string path, what;
    bool output = true;
    std::string hint;
    bool needs_file = false;
  };
  static Claim output(std::string path, std::string option, std::string hint = {}) {
    return {std::move(path), std::move(option), true, std::move(hint), false};
  }
  static Claim file_output(std::string path, std::string option) {  // needs_file
    return {std::move(path), std::move(option), true, {}, true};
  }
  static Claim side_input(std::string path, std::string what) {
    return {std::move(path), std::move(what), false, {}, false};
  }
  std::vector<Claim> claims;
  bool counts_games = true;  // "no games read" (exit 1) applies; summary merge reads no games
};

// The files a run reads, once the names are expanded.
struct RunFiles {
  std::vector<std::string> files;  // in order; ["-"] when none was named
  std::vector<FailureAt> failures;  // lists that could not be read, in their place
  bool standard_input = false;     // no name given (and no list): the files are ["-"]
};

// What the games step found.
struct StreamResult {
  std::size_t games_read = 0;
  bool inputs_ok = true;         // false: an input could not be read through (exit 3)
  bool run_whole = true;         // false: a game could not be written whole: nothing is committed
  std::optional<int> exit;       // the run ends here with this code (said; the outputs discarded)

  static StreamResult read(std::size_t games, bool inputs_ok, bool run_whole = true) {
    return {games, inputs_ok, run_whole, std::nullopt};
  }
  static StreamResult ended(int code) { return {0, false, false, code}; }
};

// A command's own part of each step, called by run_command in this order.
class CommandSteps {
 public:
  virtual ~CommandSteps() = default;
  // After the claims, before any output exists: its side files read (--adjudications, --alias), its
  // filters made. May throw CommandError.
  virtual void prepare(const RunFiles& files, std::ostream& err);
  // Opens its outputs in `outputs` (their commit order); false after saying why: exit 3.
  virtual bool open(OutputGroup& outputs, std::ostream& err) = 0;
  // Reads the games of `inputs` and does the command's work with them.
  virtual StreamResult stream(InputStreams& inputs, std::ostream& err) = 0;
  // After the games: false when a decision named no game or several (said): nothing written, exit 2.
  virtual bool hold(std::ostream& err);
  // Before the commit: what is written once the games are done (summaries); may withhold outputs.
  // An exit code ends the run there (the outputs discarded).
  virtual std::optional<int> before_commit(OutputGroup& outputs, const StreamResult& run, std::ostream& err);
  // After the commit (`committed`: every output was written): the closing messages. An exit code
  // ends the run there; else a failed commit is exit 3.
  virtual std::optional<int> after_commit(bool committed, const StreamResult& run, std::ostream& err);
  // When nothing above ended the run: the command's own code (violations: exit 1).
  virtual int exit_code(const StreamResult& run) const;
};

// The run (see the top of this file); returns its exit code. Throws CommandError (UsageError,
// IoError) from the expansion, the claims and prepare(): the command says it (cli/errors.h).
int run_command(const CommandPlan& plan, CommandSteps& steps, std::ostream& out, std::ostream& err);

// The names expanded as plan.expand says, the notes said (the first step of run_command, for a
// command that needs its files before its plan's claims are known).
RunFiles expand_run_files(const CommandPlan& plan, std::ostream& err);

// Claims the lists of names (--files-from, --files0-from) as inputs: no output may be one of them.
void claim_input_lists(FileClaims& claims, const InputOptions& options);

// A run that read no game at all (empty files, empty folders, nothing on standard input) is a
// failure, exit 1, unless --allow-empty (docs/check.md, *Exit codes*): true after saying
// "bpgn COMMAND: no games read" on `err`.
bool fails_for_no_games(std::string_view command, std::size_t games_read, bool allow_empty, std::ostream& err);

// A command that reads standard input while it is a terminal says so on `err` (it would seem to hang
// otherwise): "bpgn check: reading records from standard input; end with Ctrl-D, or name FILEs".
void say_if_reading_a_terminal(std::string_view command, std::ostream& err);

}  // namespace bpgn
