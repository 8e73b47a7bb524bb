// The hostile matrix (docs/robustness.md, *The hostile matrix*; issue 36): every subcommand of the
// built program run over a table of hostile inputs, each run held to the same promises: an exit
// code below 128 and the documented one, no temporary file left where the run wrote, peak memory
// under a bound, no raw control byte on standard error (nor on standard output where that is a
// report or a page), no "internal error", and an end within a time limit.
//
// The table is complete by construction: the subcommands and their options are read from the
// program's own command-line definition (define_command_line, as the man pages and the shell
// completions are), and Hostile.EveryCommandAndOptionHasARow fails for an option without a row (and
// for a row that names no option any more). A row gives the option a kind (count, real, date,
// word, choice, flag, jobs, path-out, side-file, file list, records, place, ...); every option of
// a kind gets the hostile values of that kind.
//
// Each failing run is one line: `hostile: COMMAND | INPUT | expected ... | got ...`.
#include "cli/command_line.h"
#include "robustness/robustness_support.h"
#include "support/sanitizer.h"
#include "support/scratch_dir.h"

#include <CLI/CLI.hpp>
#include <gtest/gtest.h>
#include <zlib.h>

#include <fcntl.h>
#include <malloc.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace bpgn::hostile_matrix {

namespace fs = std::filesystem;

// Under the sanitizers (or with BPGN_HOSTILE_QUICK set) the heavy inputs are smaller and an option
// several commands share runs on one of them; under the sanitizers memory is not bounded (ASan's
// quarantine and shadow inflate the resident set), and nothing runs under RLIMIT_AS.
bool quick() {
  static const bool q = test::kUnderSanitizer || std::getenv("BPGN_HOSTILE_QUICK") != nullptr;
  return q;
}
bool bound_memory() { return !test::kUnderSanitizer; }

// ---------------------------------------------------------------------------------------------
// The command line as the program defines it.

struct DefinedOption {
  std::string command;  // "check", "summary merge"
  std::string name;     // "--jobs", "-o" when it has no long name, "FILE" for the positional
  std::string type;     // CLI11's type name: "UINT:>= 1", "TEXT", "" for a flag
  bool flag = false;
  bool hidden = false;
};

struct Definition {
  std::vector<std::string> commands;
  std::vector<DefinedOption> options;
};

void read_definition(const CLI::App& app, const std::string& prefix, Definition& d) {
  for (const CLI::App* sub : app.get_subcommands({})) {
    const std::string path = prefix.empty() ? sub->get_name() : prefix + " " + sub->get_name();
    d.commands.push_back(path);
    for (const CLI::Option* opt : sub->get_options()) {
      DefinedOption o;
      o.command = path;
      if (!opt->nonpositional()) {
        o.name = "FILE";
      } else if (!opt->get_lnames().empty()) {
        o.name = "--" + opt->get_lnames().front();
      } else {
        o.name = "-" + opt->get_snames().front();
      }
      o.flag = opt->nonpositional() && opt->get_items_expected_max() == 0;
      o.type = o.flag ? "" : opt->get_type_name();
      o.hidden = opt->get_group().empty();
      d.options.push_back(o);
    }
    read_definition(*sub, path, d);
  }
}

const Definition& definition() {
  static const Definition d = [] {
    CLI::App app{kProgramDescription, "bpgn"};
    CommandAction action;
    define_command_line(app, action, [](std::string_view) { return true; });
    Definition out;
    read_definition(app, "", out);
    return out;
  }();
  return d;
}

// ---------------------------------------------------------------------------------------------
// The table: every option of every subcommand has a row.

enum class Kind {
  Flag,       // no value: run with the command's plain line, exit `flag_exit`
  Count,      // an unsigned number: -1, 2^64+, '', 12abc are exit 2
  Integer,    // a signed number: 2^64+ and '' are exit 2
  Real,       // a number >= 0: -1, '', nan are exit 2; 1e20 is taken
  Date,       // YYYY[.MM[.DD]]: '', -1, 2^64+ and ESC[2J are exit 2
  Word,       // free or closed text: '' is `empty_exit`, ESC[2J is `word_exit`
  Choice,     // one of a list: '' and ESC[2J are exit 2
  Jobs,       // --jobs: as Count, and 0 and 40000 (past the maximum) are exit 2; a thread limit
  PathOut,    // an output file: a dangling link, a link loop, a folder, a folder named with ESC
  SideFile,   // a file read whole beside the records: /dev/zero, /dev/null, a folder, a huge line
  FileList,   // --files-from: as SideFile, and a NUL-separated list is refused, naming --files0-from
  FileList0,  // --files0-from: a NUL-separated list is read; devices and folders as SideFile
  Records,    // the positional FILE of the record readers: NUL bytes, zero bytes, huge line, blank space
  Place,      // FILE[:LINE[:COLUMN]] of show and view: as Records, and bad lines are exit 2
  Summaries,  // summary merge's FILE: deep JSON, devices, folders, NUL bytes, a huge line
  Name,       // a word positional (help TOPIC, completion SHELL): '', ESC[2J, nonesuch are exit 2
  Covered,    // run elsewhere: `why` says where
};

const char* kind_name(Kind k) {
  switch (k) {
    case Kind::Flag: return "flag";
    case Kind::Count: return "count";
    case Kind::Integer: return "integer";
    case Kind::Real: return "real";
    case Kind::Date: return "date";
    case Kind::Word: return "word";
    case Kind::Choice: return "choice";
    case Kind::Jobs: return "jobs";
    case Kind::PathOut: return "path-out";
    case Kind::SideFile: return "side-file";
    case Kind::FileList: return "file-list";
    case Kind::FileList0: return "file-list0";
    case Kind::Records: return "records";
    case Kind::Place: return "place";
    case Kind::Summaries: return "summaries";
    case Kind::Name: return "name";
    case Kind::Covered: return "covered";
  }
  return "?";
}

struct Row {
  std::string_view commands;  // "*": every command that has the option; else "check|fmt"
  std::string_view option;    // "--jobs", or "FILE" for the positional
  Kind kind;
  std::vector<std::string> context = {};  // arguments the option needs to take effect ("--format=html")
  int empty_exit = 2;                     // Word: the exit code for ''
  int word_exit = 2;                      // Word: the exit code for ESC[2J
  int flag_exit = 0;                      // Flag: the exit code on the plain line
  std::string_view why = {};              // Covered: where it is run
};

const std::vector<Row>& rows() {
  static const std::vector<Row> r = {
      // Every command.
      {.commands = "*", .option = "--help", .kind = Kind::Flag},
      {.commands = "*", .option = "--version", .kind = Kind::Flag},
      // Inputs.
      {.commands = "check|fmt|convert|standings", .option = "FILE", .kind = Kind::Records},
      {.commands = "show|view", .option = "FILE", .kind = Kind::Place},
      {.commands = "summary merge", .option = "FILE", .kind = Kind::Summaries},
      {.commands = "help|completion", .option = "FILE", .kind = Kind::Name},
      {.commands = "*", .option = "--include", .kind = Kind::Word, .empty_exit = 2, .word_exit = 0},
      {.commands = "*", .option = "--files-from", .kind = Kind::FileList},
      {.commands = "*", .option = "--files0-from", .kind = Kind::FileList0},
      {.commands = "*", .option = "--allow-empty", .kind = Kind::Flag},
      // Rules.
      {.commands = "*", .option = "--rules", .kind = Kind::Word},
      {.commands = "*", .option = "--set", .kind = Kind::Word},
      {.commands = "*", .option = "--tolerance", .kind = Kind::Real},
      {.commands = "*", .option = "--adjudications", .kind = Kind::SideFile},
      {.commands = "standings", .option = "--alias", .kind = Kind::SideFile},
      // Outputs.
      {.commands = "*", .option = "--output", .kind = Kind::PathOut},
      {.commands = "*", .option = "--valid-out", .kind = Kind::PathOut},
      {.commands = "*", .option = "--invalid-out", .kind = Kind::PathOut},
      {.commands = "*", .option = "--unreadable-out", .kind = Kind::PathOut},
      {.commands = "*", .option = "--duplicates-out", .kind = Kind::PathOut},
      {.commands = "*", .option = "--summary-json", .kind = Kind::PathOut},
      {.commands = "*", .option = "--format", .kind = Kind::Choice},
      {.commands = "check", .option = "--all", .kind = Kind::Flag, .context = {"--format=html"}},
      {.commands = "check", .option = "--duplicates", .kind = Kind::Flag},
      {.commands = "check", .option = "--canonical", .kind = Kind::Flag, .context = {"--valid-out=v.bpgn"}},
      {.commands = "check|fmt|convert|standings", .option = "--quiet", .kind = Kind::Flag},
      {.commands = "check", .option = "--verbose", .kind = Kind::Flag},
      {.commands = "check", .option = "--max-errors", .kind = Kind::Count},
      {.commands = "check", .option = "--max-annotations", .kind = Kind::Count, .context = {"--format=github"}},
      {.commands = "check", .option = "--junit-case", .kind = Kind::Choice, .context = {"--format=junit"}},
      {.commands = "check", .option = "--strict", .kind = Kind::Flag},
      {.commands = "check", .option = "--fail-on", .kind = Kind::Choice},
      // Threads.
      {.commands = "*", .option = "--jobs", .kind = Kind::Jobs},
      {.commands = "*", .option = "--piece-bytes", .kind = Kind::Count, .context = {"--jobs=2"}},
      // Filters (check, fmt, convert, standings).
      {.commands = "*", .option = "--player", .kind = Kind::Word, .empty_exit = 2, .word_exit = 0},
      {.commands = "*", .option = "--team", .kind = Kind::Word},
      {.commands = "*", .option = "--date-from", .kind = Kind::Date},
      {.commands = "*", .option = "--date-to", .kind = Kind::Date},
      {.commands = "*", .option = "--result", .kind = Kind::Word},
      {.commands = "*", .option = "--elo-min", .kind = Kind::Integer},
      {.commands = "*", .option = "--elo-max", .kind = Kind::Integer},
      {.commands = "*", .option = "--time-control", .kind = Kind::Word, .empty_exit = 2, .word_exit = 0},
      {.commands = "*", .option = "--min-plies", .kind = Kind::Count},
      {.commands = "*", .option = "--max-plies", .kind = Kind::Count},
      {.commands = "*", .option = "--tag", .kind = Kind::Word},
      {.commands = "*", .option = "--variant", .kind = Kind::Word},
      {.commands = "*", .option = "--has", .kind = Kind::Word},
      {.commands = "*", .option = "--lacks", .kind = Kind::Word},
      {.commands = "*", .option = "--position", .kind = Kind::Word},
      {.commands = "*", .option = "--position-board", .kind = Kind::Choice},
      {.commands = "*", .option = "--move", .kind = Kind::Word},
      {.commands = "*", .option = "--material", .kind = Kind::Word},
      // fmt.
      {.commands = "fmt", .option = "--in-place", .kind = Kind::Flag},
      {.commands = "fmt", .option = "--check", .kind = Kind::Flag},
      {.commands = "fmt", .option = "--fix", .kind = Kind::Flag},
      // convert.
      {.commands = "convert", .option = "--to", .kind = Kind::Choice},
      {.commands = "convert", .option = "--from", .kind = Kind::Choice},
      {.commands = "convert", .option = "--positions", .kind = Kind::Flag,
       .context = {"--to=csv", "--output=csv-out"}},
      {.commands = "convert", .option = "--where", .kind = Kind::Word, .context = {"--from=sqlite", "--to=bpgn", "@DB"}},
      {.commands = "convert", .option = "--archive-version", .kind = Kind::Count, .context = {"--to=sqlite", "--output=a.db"}},
      {.commands = "convert", .option = "--fen", .kind = Kind::Flag},
      // show and view.
      {.commands = "show|view", .option = "--game", .kind = Kind::Count},
      {.commands = "show|view", .option = "--index", .kind = Kind::Count},
      {.commands = "show|view", .option = "--at", .kind = Kind::Word},
      {.commands = "show", .option = "--ascii", .kind = Kind::Flag},
      {.commands = "show", .option = "--color", .kind = Kind::Choice},
      {.commands = "view", .option = "--sheet", .kind = Kind::Flag},
      // standings.
      {.commands = "standings", .option = "--by", .kind = Kind::Choice},
      {.commands = "standings", .option = "--title", .kind = Kind::Word, .empty_exit = 2, .word_exit = 0},
      {.commands = "standings", .option = "--max-columns", .kind = Kind::Count},
      {.commands = "standings", .option = "--exclude-invalid", .kind = Kind::Flag},
      // perft.
      {.commands = "perft", .option = "--fen", .kind = Kind::Word},
      {.commands = "perft", .option = "--depth", .kind = Kind::Count},
      {.commands = "perft", .option = "--divide", .kind = Kind::Flag},
  };
  return r;
}

bool row_names(const Row& row, const std::string& command) {
  if (row.commands == "*") return true;
  std::string_view list = row.commands;
  while (!list.empty()) {
    const std::size_t bar = list.find('|');
    if (list.substr(0, bar) == command) return true;
    list = bar == std::string_view::npos ? std::string_view() : list.substr(bar + 1);
  }
  return false;
}

const Row* row_for(const DefinedOption& o) {
  for (const Row& row : rows()) {
    if (row.option == o.name && row_names(row, o.command)) return &row;
  }
  return nullptr;
}

// The plain line of each subcommand (run in a folder holding good.bpgn, a valid canonical match,
// and s.json, a check summary), and its exit code. Options are written --name=value so that a
// row's option or context replaces the plain line's.
struct Plain {
  std::vector<std::string> options;
  std::vector<std::string> positional;
  int exit = 0;
};

const std::map<std::string, Plain>& plain_lines() {
  static const std::map<std::string, Plain> p = {
      {"check", {{}, {"good.bpgn"}}},
      {"fmt", {{}, {"good.bpgn"}}},
      {"convert", {{"--to=json"}, {"good.bpgn"}}},
      {"show", {{}, {"good.bpgn"}}},
      {"view", {{}, {"good.bpgn"}}},
      {"standings", {{}, {"good.bpgn"}}},
      {"summary", {{}, {}, 2}},  // a subcommand is required: only --help and --version run
      {"summary merge", {{}, {"s.json"}}},
      {"perft", {{"--depth=1"}, {}}},
      {"help", {{}, {"check"}}},
      {"completion", {{}, {"bash"}}},
  };
  return p;
}

// ---------------------------------------------------------------------------------------------
// One run.

struct HostileRun {
  std::string command;  // "check", "summary merge"
  std::string input;    // what is hostile, in words
  std::vector<std::string> args;
  std::set<int> expect;                 // exit codes that are right
  long rss_limit_kb = 64 * 1024;        // peak resident memory (Release only)
  bool scan_stdout = true;              // standard output is a report, a page or a message
  std::string stderr_needs;             // a text standard error must hold ("" : none)
  std::vector<std::string> stderr_never;  // texts it must not hold (a wrong reason)
  rlim_t address_space = 0;             // RLIMIT_AS for the child (0: unchanged)
  int seconds = 20;                     // killed after this long: a hang
  std::function<void(const fs::path& dir)> prepare;       // makes the run's own files
  std::function<std::string(const fs::path& dir)> after;  // what else must hold ("" : it does)
};

struct Outcome {
  int code = -1;
  int signal = 0;
  bool timed_out = false;
  long rss_kb = 0;
  std::string out, err;
};

std::string printable(std::string_view s, std::size_t limit = 120) {
  std::string r;
  for (unsigned char c : s.substr(0, limit)) {
    if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      r += buf;
    } else {
      r += char(c);
    }
  }
  if (s.size() > limit) r += "...";
  return r;
}

std::string joined_args(const std::vector<std::string>& args) {
  std::string s;
  for (const std::string& a : args) s += (s.empty() ? "" : " ") + printable(a, 60);
  return s;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

Outcome execute(const HostileRun& run, const fs::path& dir) {
  const std::string out_path = (dir / ".hostile-stdout").string();
  const std::string err_path = (dir / ".hostile-stderr").string();
  const std::string dir_text = dir.string();
  Outcome o;
  // The child's ru_maxrss starts at this process's resident set at fork (Linux carries the old
  // image's high-water mark across exec): give back the heap freed by the big inputs made before
  // (glibc keeps it, its mmap threshold having grown with them), so that what is measured is the
  // run's, not this test's.
  ::malloc_trim(0);
  std::vector<robustness::ChildLimit> limits;
  if (run.address_space != 0) limits.push_back({RLIMIT_AS, rlim_t(run.address_space)});
  const pid_t pid = robustness::start_bpgn(run.args, out_path, err_path, limits, dir_text);
  if (pid < 0) return o;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(run.seconds);
  int status = 0;
  struct rusage usage {};
  while (true) {
    const pid_t done = ::wait4(pid, &status, WNOHANG, &usage);
    if (done == pid) break;
    if (std::chrono::steady_clock::now() > deadline) {
      ::kill(pid, SIGKILL);
      ::wait4(pid, &status, 0, &usage);
      o.timed_out = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(3));
  }
  if (WIFEXITED(status)) o.code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) o.signal = WTERMSIG(status);
  o.rss_kb = usage.ru_maxrss;
  o.out = slurp(out_path);
  o.err = slurp(err_path);
  fs::remove(out_path);
  fs::remove(err_path);
  return o;
}

// The first raw control byte of `text` (C0 but \n, \t and \r\n, DEL, a C1 code point as UTF-8), as
// "\x1b at 12"; "" when there is none.
std::string raw_control(std::string_view text) {
  for (std::size_t k = 0; k < text.size(); ++k) {
    const unsigned char c = text[k];
    const bool line_end = c == '\r' && k + 1 < text.size() && text[k + 1] == '\n';  // CSV's CRLF
    bool bad = (c < 0x20 && c != '\n' && c != '\t' && !line_end) || c == 0x7f;
    if (c == 0xc2 && k + 1 < text.size()) {
      const unsigned char d = text[k + 1];
      if (d >= 0x80 && d <= 0x9f) {
        char buf[16];
        std::snprintf(buf, sizeof buf, "U+%04X", unsigned(d));
        return std::string(buf) + " at byte " + std::to_string(k);
      }
    }
    if (bad) return printable(text.substr(k, 1)) + " at byte " + std::to_string(k);
  }
  return {};
}

// The project's temporary names (io/commit/atomic_file.cpp, atomic_folder.cpp, sqlite_archive.cpp:
// `.NAME.bpgn-PID-N.tmp`, `.bpgn-PID.tmp`) and SQLite's side files.
std::vector<std::string> temporaries(const fs::path& dir) {
  std::vector<std::string> found;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    const std::string name = it->path().filename().string();
    const bool ours = name.find(".bpgn-") != std::string::npos && name.size() > 4 &&
                      name.compare(name.size() - 4, 4, ".tmp") == 0;
    const bool sqlite = name.ends_with("-journal") || name.ends_with("-wal") || name.ends_with("-shm");
    if (ours || sqlite) found.push_back(printable(fs::relative(it->path(), dir).string()));
  }
  return found;
}

std::string expected_text(const std::set<int>& codes) {
  std::string s;
  for (int c : codes) s += (s.empty() ? "" : " or ") + std::to_string(c);
  return "exit " + s;
}

// Runs each of `runs` in a folder of its own below `root` (holding copies of the fixtures), and
// returns one line for each run that breaks a promise.
class Matrix {
 public:
  explicit Matrix(const fs::path& fixtures) : fixtures_(fixtures) {}

  std::vector<std::string> run_all(const std::vector<HostileRun>& runs) {
    std::vector<std::string> failures;
    for (const HostileRun& run : runs) {
      const std::string f = run_one(run);
      if (!f.empty()) failures.push_back(f);
    }
    return failures;
  }

  std::string run_one(const HostileRun& run) {
    const fs::path dir = scratch_.path() / ("run-" + std::to_string(++count_));
    fs::create_directories(dir);
    fs::copy_file(fixtures_ / "good.bpgn", dir / "good.bpgn");
    fs::copy_file(fixtures_ / "s.json", dir / "s.json");
    if (run.prepare) run.prepare(dir);
    const Outcome o = execute(run, dir);
    std::vector<std::string> wrong;
    if (o.timed_out) {
      wrong.push_back("killed after " + std::to_string(run.seconds) + " s (a hang)");
    } else if (o.signal != 0) {
      wrong.push_back("killed by signal " + std::to_string(o.signal) + " (" + strsignal(o.signal) + ")");
    } else if (o.code >= 128 || !run.expect.contains(o.code)) {
      wrong.push_back("exit " + std::to_string(o.code));
    }
    if (o.err.find("internal error") != std::string::npos) wrong.push_back("an internal error on stderr");
    if (const std::string raw = raw_control(o.err); !raw.empty()) wrong.push_back("raw " + raw + " on stderr");
    if (run.scan_stdout) {
      if (const std::string raw = raw_control(o.out); !raw.empty()) wrong.push_back("raw " + raw + " on stdout");
    }
    if (!run.stderr_needs.empty() && o.err.find(run.stderr_needs) == std::string::npos) {
      wrong.push_back("stderr without '" + run.stderr_needs + "'");
    }
    for (const std::string& never : run.stderr_never) {
      if (o.err.find(never) != std::string::npos) wrong.push_back("stderr says '" + never + "'");
    }
    if (bound_memory() && o.rss_kb > run.rss_limit_kb) {
      wrong.push_back("peak memory " + std::to_string(o.rss_kb / 1024) + " MB (bound " +
                      std::to_string(run.rss_limit_kb / 1024) + " MB)");
    }
    for (const std::string& t : temporaries(dir)) wrong.push_back("temporary left: " + t);
    if (run.after) {
      if (const std::string a = run.after(dir); !a.empty()) wrong.push_back(a);
    }
    if (wrong.empty()) {
      std::error_code ec;
      fs::remove_all(dir, ec);
      return {};
    }
    std::string got;
    for (const std::string& w : wrong) got += (got.empty() ? "" : "; ") + w;
    std::string first_err = o.err.substr(0, o.err.find('\n'));
    return "hostile: " + run.command + " | " + run.input + " | `bpgn " + joined_args(run.args) + "` | expected " +
           expected_text(run.expect) + " | got " + got + (o.code >= 0 ? " (exit " + std::to_string(o.code) + ")" : "") +
           (first_err.empty() ? "" : " | stderr: " + printable(first_err, 160));
  }

 private:
  fs::path fixtures_;
  test::ScratchDir scratch_;
  int count_ = 0;
};

void report(const std::vector<std::string>& failures, std::size_t runs) {
  for (const std::string& f : failures) ADD_FAILURE() << f;
  std::printf("hostile matrix: %zu runs, %zu failing\n", runs, failures.size());
}

// ---------------------------------------------------------------------------------------------
// The fixtures, made once per test program.

void write_bytes(const fs::path& p, std::string_view bytes) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), std::streamsize(bytes.size()));
  ASSERT_TRUE(out) << "cannot write " << p;
}

std::string repeat(std::string_view piece, std::size_t bytes) {
  std::string s;
  s.reserve(bytes + piece.size());
  while (s.size() < bytes) s.append(piece);
  return s;
}

const std::string kEsc = "\x1b[2J";

struct Fixtures {
  test::ScratchDir dir;
  fs::path at(const std::string& name) const { return dir / name; }
  std::string path(const std::string& name) const { return (dir / name).string(); }
  std::string good;  // the valid match's text

  Fixtures() {
    // A valid match, canonical (fmt --check passes), and its check summary and SQLite archive.
    const std::string golden = std::string(BPGN_CORPUS_DIR) + "/bughouse-pro-upstream/golden-export.bpgn";
    const std::string fmt = std::string(BPGN_BINARY) + " fmt -q '" + golden + "' -o '" + path("good.bpgn") + "' 2>/dev/null";
    const std::string summary = std::string(BPGN_BINARY) + " check -q '" + path("good.bpgn") + "' --summary-json '" +
                                path("s.json") + "' >/dev/null 2>&1";
    const std::string db = std::string(BPGN_BINARY) + " convert -q --to sqlite '" + path("good.bpgn") + "' -o '" +
                           path("games.db") + "' >/dev/null 2>&1";
    EXPECT_EQ(std::system(fmt.c_str()), 0) << fmt;
    EXPECT_EQ(std::system(summary.c_str()), 0) << summary;
    EXPECT_EQ(std::system(db.c_str()), 0) << db;
    good = slurp(at("good.bpgn"));
    // Records.
    std::string nul = good;
    nul.insert(nul.find("[Site") + 6, std::string("\0\0\0", 3));
    std::string nul_moves = "1. e4 ";
    nul_moves += std::string(2, '\0') + " e5\n";
    write_bytes(at("nul-record.bpgn"), nul + "\n" + nul_moves + "\n" + good);
    write_bytes(at("zeros-record.bpgn"), std::string(1024, '\0') + good);
    write_bytes(at("few-blank-lines.bpgn"), "\n\n  \r\n\t\n");
    // Two valid matches gzipped, the CRC-32 of the gzip trailer changed: the data read back is
    // whole, only the integrity check at the end fails.
    if (gzFile gz = gzopen(path("crc-damaged.bpgn.gz").c_str(), "wb"); gz != nullptr) {
      const std::string two = good + "\n" + good;
      gzwrite(gz, two.data(), unsigned(two.size()));
      gzclose(gz);
      std::string bytes = slurp(at("crc-damaged.bpgn.gz"));
      bytes[bytes.size() - 8] = char(bytes[bytes.size() - 8] ^ 0x55);
      write_bytes(at("crc-damaged.bpgn.gz"), bytes);
    }
    // The valid match with ESC [2J, U+009B (CSI) and DEL in a player's name.
    std::string ctl_tags = good;
    ctl_tags.replace(ctl_tags.find("\"Alice\""), 7, "\"Al" + kEsc + "ice\xc2\x9b\x7f\"");
    write_bytes(at("ctl-tags.bpgn"), ctl_tags);
    // A file and a folder named with ESC [2J; an invalid game in the file.
    std::string invalid = good;
    invalid.replace(invalid.find("1A. e4"), 6, "1A. e5");
    write_bytes(at("ctl" + kEsc + ".bpgn"), invalid);
    fs::create_directories(at("d" + kEsc + "ir"));
    write_bytes(at("d" + kEsc + "ir") / "readme.txt", "not a record\n");
    fs::create_directories(at("a-folder"));
    // Lists.
    write_bytes(at("nul-list.txt"), path("good.bpgn") + std::string(1, '\0') + path("nul-record.bpgn") +
                                        std::string(1, '\0'));
    // JSON 100,000 levels deep: a chess.com board whose header is the deep value, the same bare,
    // and a summary.
    const std::size_t depth = 100000;
    const std::string deep = std::string(depth, '[') + std::string(depth, ']');
    write_bytes(at("deep-board.json"), "{\"game\":{\"moveList\":\"mC0K\",\"id\":1,\"partnerGameId\":2,"
                                       "\"pgnHeaders\":{\"Event\":" + deep + "}}}");
    write_bytes(at("deep-bare.json"), deep);
    std::string deep_object;
    for (std::size_t k = 0; k < depth; ++k) deep_object += "{\"a\":";
    deep_object += "1" + std::string(depth, '}');
    write_bytes(at("deep-summary.json"), deep_object);
    write_bytes(at("nul-summary.json"), std::string("{\"command\":\"check\",\0\"games\":1}", 30));
  }
};

// The big inputs (a 20 MB line, 40 MB of blank space, 120 MB of it gzipped), made on first use:
// each test of the matrix is a process of its own under ctest.
void make_heavy_inputs(Fixtures& fx) {
  static bool made = false;
  if (made) return;
  made = true;
  const std::size_t big = quick() ? 2u << 20 : 20u << 20;
  write_bytes(fx.at("huge-line.txt"), std::string(big, 'x'));
  const std::string blank = repeat(" \t\n  \r\n", quick() ? 4u << 20 : 40u << 20);
  write_bytes(fx.at("blank.bpgn"), blank);
  // Three times the plain file's blank space, gzipped (a few hundred KB).
  gzFile gz = gzopen(fx.path("blank.bpgn.gz").c_str(), "wb1");
  if (gz == nullptr) {
    ADD_FAILURE() << "cannot write blank.bpgn.gz";
    return;
  }
  for (int k = 0; k < 3; ++k) {
    for (std::size_t from = 0; from < blank.size(); from += 1u << 20) {
      const std::size_t n = std::min<std::size_t>(1u << 20, blank.size() - from);
      EXPECT_EQ(gzwrite(gz, blank.data() + from, unsigned(n)), int(n));
    }
  }
  gzclose(gz);
}

Fixtures& fixtures() {
  static Fixtures f;  // made once, removed at the end of the test program
  return f;
}

// The arguments of `command`'s plain line with `extra` added: the command's words, its plain
// options, its files (unless `extra` names its own: `replace_positional`, or "@DB" for the SQLite
// archive), then `extra` as given, so that an option's value is never taken for a file. An option
// of `extra` written --name=value, or --name followed by its value, replaces the plain line's.
std::vector<std::string> line_with(const std::string& command, const std::vector<std::string>& extra,
                                   bool replace_positional = false) {
  const Plain& plain = plain_lines().at(command);
  std::vector<std::string> args;
  const std::string& words = command;
  for (std::size_t at = 0; at <= words.size();) {
    const std::size_t space = std::min(words.find(' ', at), words.size());
    args.push_back(words.substr(at, space - at));
    at = space + 1;
  }
  const auto option_name = [](const std::string& token) { return token.substr(0, token.find('=')); };
  std::set<std::string> given;
  for (const std::string& e : extra) {
    if (e.starts_with("--")) given.insert(option_name(e));
  }
  for (const std::string& o : plain.options) {
    if (!given.contains(option_name(o))) args.push_back(o);
  }
  bool own_input = replace_positional;
  for (const std::string& e : extra) own_input = own_input || e == "@DB";
  if (!own_input) {
    for (const std::string& p : plain.positional) args.push_back(p);
  }
  for (const std::string& e : extra) args.push_back(e == "@DB" ? fixtures().path("games.db") : e);
  return args;
}

// Every option of the definition whose row is of `kind`. In the quick mode (sanitizers) an option
// several commands share (the filters, --jobs, --output, ...: one gate in the code) is run on the
// first command that has it only.
struct OptionOfKind {
  DefinedOption option;
  const Row* row;
};

std::vector<OptionOfKind> options_of(Kind kind) {
  std::vector<OptionOfKind> out;
  std::set<std::string> seen;
  for (const DefinedOption& o : definition().options) {
    const Row* row = row_for(o);
    if (row == nullptr || row->kind != kind) continue;
    if (quick() && o.name != "FILE" && !seen.insert(o.name).second) continue;
    out.push_back({o, row});
  }
  return out;
}

bool writes_records_to_stdout(const std::vector<std::string>& args) {
  if (args.empty()) return false;
  if (args[0] == "fmt") return true;
  if (args[0] != "convert") return false;
  for (const std::string& a : args) {
    if (a == "--to=bpgn" || a == "--to=pgn" || a == "--to=csv") return true;
  }
  return false;
}

// `command ... OPTION VALUE` (the value a word of its own, as a shell passes '' or -1); with
// `glued`, `command OPTION=VALUE FILES...`, the option before the files, as scripts write
// --title="$TITLE".
HostileRun option_run(const DefinedOption& o, const Row& row, const std::string& value, std::set<int> expect,
                      const std::string& input, bool glued = false) {
  HostileRun run;
  run.command = o.command;
  run.input = input;
  std::vector<std::string> extra = row.context;
  if (glued) {
    extra.insert(extra.begin(), o.name + "=" + value);
    // The plain line's files after the option.
    std::vector<std::string> files;
    bool own = false;
    for (const std::string& e : row.context) own = own || e == "@DB";
    if (!own) files = plain_lines().at(o.command).positional;
    extra.insert(extra.end(), files.begin(), files.end());
    run.args = line_with(o.command, extra, true);
  } else {
    extra.push_back(o.name);
    extra.push_back(value);
    run.args = line_with(o.command, extra);
  }
  run.expect = std::move(expect);
  run.scan_stdout = !writes_records_to_stdout(run.args);
  return run;
}

// ---------------------------------------------------------------------------------------------
// The tests.

TEST(Hostile, EveryCommandAndOptionHasARow) {
  std::vector<std::string> missing;
  for (const std::string& c : definition().commands) {
    if (!plain_lines().contains(c)) missing.push_back("subcommand `" + c + "` has no plain line (plain_lines())");
  }
  for (const DefinedOption& o : definition().options) {
    const Row* row = row_for(o);
    if (row == nullptr) {
      missing.push_back("`bpgn " + o.command + " " + o.name + "` (" + (o.flag ? "flag" : o.type) +
                        ") has no row: give it a kind in rows() of tests/robustness/hostile_matrix_test.cpp");
      continue;
    }
    const bool wants_value = row->kind != Kind::Flag && row->kind != Kind::Covered;
    if (o.name != "FILE" && wants_value == o.flag) {
      missing.push_back("`bpgn " + o.command + " " + o.name + "`: its row says " + kind_name(row->kind) +
                        " but the option " + (o.flag ? "takes no value" : "takes a value"));
    }
    if ((row->kind == Kind::Count || row->kind == Kind::Jobs) && o.type.find("UINT") == std::string::npos &&
        o.type.find("INT") == std::string::npos && o.type.find("N") != 0) {
      missing.push_back("`bpgn " + o.command + " " + o.name + "`: a count by its row, but of type " + o.type);
    }
  }
  for (const Row& row : rows()) {
    bool used = false;
    for (const DefinedOption& o : definition().options) used = used || row_for(o) == &row;
    if (!used) {
      missing.push_back("the row for `" + std::string(row.option) + "` (" + std::string(row.commands) +
                        ") names no option of the command line");
    }
  }
  for (const std::string& m : missing) ADD_FAILURE() << "hostile table: " << m;
}

// Counts, integers, reals, dates, words and choices: every option of those kinds, on every
// command that has it, with its hostile values.
TEST(Hostile, NumbersAndWords) {
  Matrix m(fixtures().dir.path());
  std::vector<HostileRun> runs;
  const std::string huge = "99999999999999999999";
  for (Kind kind : {Kind::Count, Kind::Integer, Kind::Real, Kind::Date, Kind::Word, Kind::Choice}) {
    for (const OptionOfKind& entry : options_of(kind)) {
      const DefinedOption& o = entry.option;
      const Row* row = entry.row;
      const auto add = [&](const std::string& value, int code) {
        runs.push_back(option_run(o, *row, value, {code}, std::string(kind_name(kind)) + " '" + printable(value) + "'"));
      };
      // Nothing after '=', before the files: refused, never a file taken for the value.
      runs.push_back(option_run(o, *row, "", {2}, std::string(kind_name(kind)) + " '' glued (" + o.name + "= FILE)", true));
      switch (kind) {
        case Kind::Count:
          add("-1", 2), add(huge, 2), add("", 2), add("12abc", 2);
          break;
        case Kind::Integer:
          add(huge, 2), add("", 2);
          break;
        case Kind::Real:
          add("-1", 2), add("", 2), add("nan", 2), add("1e20", 0);
          break;
        case Kind::Date:
          add("", 2), add("-1", 2), add(huge, 2), add(kEsc, 2);
          break;
        case Kind::Word:
          add("", row->empty_exit), add(kEsc, row->word_exit);
          // Words the issue names: an SQL clause that is not one expression, a team of no one.
          if (o.name == "--where") add("1) UNION SELECT 'x' --", 2), add("1 --", 2);
          if (o.name == "--team") add("+", 2);
          break;
        default:
          add("", 2), add(kEsc, 2);
          break;
      }
    }
  }
  report(m.run_all(runs), runs.size());
}

// Flags: each on its command's plain line (with the context it needs); --help and --version on
// every command.
TEST(Hostile, Flags) {
  Matrix m(fixtures().dir.path());
  std::vector<HostileRun> runs;
  for (const OptionOfKind& entry : options_of(Kind::Flag)) {
    const DefinedOption& o = entry.option;
    const Row* row = entry.row;
    HostileRun run;
    run.command = o.command;
    run.input = "flag " + o.name;
    std::vector<std::string> extra = row->context;
    extra.push_back(o.name);
    run.args = line_with(o.command, extra);
    const bool help = o.name == "--help" || o.name == "--version";
    run.expect = {help ? 0 : row->flag_exit};
    run.scan_stdout = help || !writes_records_to_stdout(run.args);
    runs.push_back(run);
  }
  report(m.run_all(runs), runs.size());
}

// --jobs: bad numbers and a count past the maximum are exit 2; 16 threads under an address-space
// limit (ulimit -v 200000, as docs/robustness.md advises for untrusted input) start fewer workers
// and end as without the limit.
TEST(Hostile, Threads) {
  Matrix m(fixtures().dir.path());
  std::vector<HostileRun> runs;
  for (const OptionOfKind& entry : options_of(Kind::Jobs)) {
    const DefinedOption& o = entry.option;
    const Row* row = entry.row;
    for (const std::string& v : {std::string("-1"), std::string(""), std::string("0"), std::string("99999999999999999999"),
                                 std::string("40000")}) {
      runs.push_back(option_run(o, *row, v, {2}, "jobs '" + v + "'"));
    }
    if (test::kUnderSanitizer) continue;  // ASan reserves terabytes of address space: no RLIMIT_AS
    HostileRun run = option_run(o, *row, "16", {plain_lines().at(o.command).exit}, "--jobs 16 under ulimit -v 200000");
    run.address_space = rlim_t(200000) * 1024;
    runs.push_back(run);
  }
  report(m.run_all(runs), runs.size());
}

// Outputs: a dangling link is written through (the link kept), a link loop and a folder are exit
// 3, a folder named with ESC that does not exist is exit 3 with the name escaped, two names of
// one file (one through a dangling link) are exit 2.
TEST(Hostile, OutputPaths) {
  Matrix m(fixtures().dir.path());
  std::vector<HostileRun> runs;
  std::map<std::string, std::vector<DefinedOption>> outputs_of;
  for (const OptionOfKind& entry : options_of(Kind::PathOut)) {
    const DefinedOption& o = entry.option;
    const Row* row = entry.row;
    outputs_of[o.command].push_back(o);
    const int plain = plain_lines().at(o.command).exit;
    HostileRun dangling = option_run(o, *row, "link", {plain}, "a dangling link as output");
    dangling.prepare = [](const fs::path& dir) { fs::create_symlink("target", dir / "link"); };
    dangling.after = [](const fs::path& dir) -> std::string {
      if (!fs::is_symlink(fs::symlink_status(dir / "link"))) return "the link was replaced";
      if (!fs::is_regular_file(dir / "target")) return "nothing written through the link";
      return {};
    };
    runs.push_back(dangling);
    HostileRun loop = option_run(o, *row, "loop-a", {3}, "a link loop as output");
    loop.prepare = [](const fs::path& dir) {
      fs::create_symlink("loop-b", dir / "loop-a");
      fs::create_symlink("loop-a", dir / "loop-b");
    };
    loop.after = [](const fs::path& dir) -> std::string {
      return fs::is_symlink(fs::symlink_status(dir / "loop-a")) ? "" : "the looping link was replaced";
    };
    runs.push_back(loop);
    runs.push_back(option_run(o, *row, "a-folder", {3}, "a folder as output"));
    runs.back().prepare = [](const fs::path& dir) { fs::create_directories(dir / "a-folder"); };
    runs.push_back(option_run(o, *row, "no" + kEsc + "dir/x", {3}, "output in a missing folder named with ESC"));
    runs.push_back(option_run(o, *row, "d" + kEsc + "ir/x", {plain}, "output in a folder named with ESC"));
    runs.back().prepare = [](const fs::path& dir) { fs::create_directories(dir / ("d" + kEsc + "ir")); };
  }
  // Two outputs, one named through a dangling link to the other.
  for (const auto& [command, outs] : outputs_of) {
    if (outs.size() < 2) continue;
    HostileRun run;
    run.command = command;
    run.input = "two outputs, one through a dangling link to the other";
    run.args = line_with(command, {outs[0].name + "=x.out", outs[1].name + "=xlink"});
    run.expect = {2};
    run.prepare = [](const fs::path& dir) { fs::create_symlink("x.out", dir / "xlink"); };
    runs.push_back(run);
  }
  // convert's folders and archives: -o a link to an empty folder is written through; nothing is
  // made when no game was read.
  if (plain_lines().contains("convert")) {
    HostileRun csv_link;
    csv_link.command = "convert";
    csv_link.input = "--to csv -o a link to an empty folder";
    csv_link.args = line_with("convert", {"--to=csv", "--output=lnk"});
    csv_link.expect = {0};
    csv_link.prepare = [](const fs::path& dir) {
      fs::create_directories(dir / "empty");
      fs::create_symlink("empty", dir / "lnk");
    };
    csv_link.after = [](const fs::path& dir) -> std::string {
      if (!fs::is_symlink(fs::symlink_status(dir / "lnk"))) return "the link was replaced";
      return fs::is_empty(dir / "empty") ? "nothing written into the linked folder" : "";
    };
    runs.push_back(csv_link);
    for (const std::string to : {"sqlite", "csv"}) {
      HostileRun none;
      none.command = "convert";
      none.input = "--to " + to + " when no game is read";
      none.args = line_with("convert", {"--to=" + to, "--output=made", fixtures().path("few-blank-lines.bpgn")}, true);
      none.expect = {1};
      none.after = [](const fs::path& dir) -> std::string {
        return fs::exists(fs::symlink_status(dir / "made")) ? "an output made though no game was read" : "";
      };
      runs.push_back(none);
    }
  }
  report(m.run_all(runs), runs.size());
}

// Side files (--adjudications, --alias) and lists (--files-from, --files0-from): devices, folders,
// a missing file named with ESC, a 20 MB line; a NUL-separated list given to --files-from.
TEST(Hostile, SideFiles) {
  Matrix m(fixtures().dir.path());
  Fixtures& fx = fixtures();
  make_heavy_inputs(fx);
  std::vector<HostileRun> runs;
  for (Kind kind : {Kind::SideFile, Kind::FileList, Kind::FileList0}) {
    for (const OptionOfKind& entry : options_of(kind)) {
      const DefinedOption& o = entry.option;
      const Row* row = entry.row;
      // Endless: a bounded reader stops at its limit at once. Release only, under a 512 MB
      // address-space limit (an unbounded one fails there instead of taking the machine's memory);
      // ASan cannot run under such a limit.
      if (!test::kUnderSanitizer) {
        runs.push_back(option_run(o, *row, "/dev/zero", {3}, "/dev/zero as " + o.name));
        runs.back().address_space = rlim_t(512) << 20;
        runs.back().seconds = 10;
      }
      runs.push_back(option_run(o, *row, "/dev/null", {3}, "/dev/null (a device) as " + o.name));
      runs.push_back(option_run(o, *row, fx.path("a-folder"), {3}, "a folder as " + o.name));
      runs.push_back(option_run(o, *row, "no" + kEsc + "such", {3}, "a missing file named with ESC as " + o.name));
      runs.push_back(option_run(o, *row, fx.path("huge-line.txt"), {2, 3}, "a 20 MB line as " + o.name));
      runs.back().rss_limit_kb = 64 * 1024;
      if (kind == Kind::FileList) {
        runs.push_back(option_run(o, *row, fx.path("nul-list.txt"), {2, 3}, "a NUL-separated list as " + o.name));
        runs.back().stderr_needs = "--files0-from";
      }
      if (kind == Kind::FileList0) {
        // good.bpgn and nul-record.bpgn (one unreadable game): the verdict of both.
        runs.push_back(option_run(o, *row, fx.path("nul-list.txt"), {o.command == "standings" ? 0 : 1},
                                  "a NUL-separated list as " + o.name));
      }
    }
  }
  report(m.run_all(runs), runs.size());
}

// Records: NUL bytes in a record, 1 KB of zero bytes before one, a 20 MB line, megabytes of blank
// space repeating a 7-byte pattern (plain and gzipped), a file and a folder named with ESC, a
// missing file named with ESC; show and view's places; chess.com boards and summaries 100,000
// levels deep.
TEST(Hostile, Inputs) {
  Matrix m(fixtures().dir.path());
  Fixtures& fx = fixtures();
  make_heavy_inputs(fx);
  std::vector<HostileRun> runs;
  struct Input {
    std::string what, file;
    std::map<std::string, int> exit;  // by command; "*" for the others
    long rss_kb = 64 * 1024;
  };
  const std::string mb = quick() ? "2 MB" : "20 MB";
  const std::vector<Input> inputs = {
      // The match with NUL bytes in its Site tag, then a line of moves holding NUL bytes (a syntax
      // error of that match: invalid), then the match again.
      {"NUL bytes in a record", fx.path("nul-record.bpgn"), {{"*", 1}, {"standings", 0}}},
      // robustness.md: zero bytes are text, an unreadable game.
      {"1 KB of zero bytes before a record", fx.path("zeros-record.bpgn"), {{"*", 1}, {"standings", 0}}},
      // A game that is too long: unreadable (standings: a match read and left out, or none read).
      {"a " + mb + " line without a newline", fx.path("huge-line.txt"), {{"*", 1}, {"standings", -1}}, 256 * 1024},
      // No game: 'no games read', exit 1; show has no game 1 to show: exit 2.
      {"blank space ' \\t\\n  \\r\\n' repeated", fx.path("blank.bpgn"), {{"*", 1}, {"show", 2}}, 24 * 1024},
      {"the same blank space gzipped (x3)", fx.path("blank.bpgn.gz"), {{"*", 1}, {"show", 2}}, 24 * 1024},
      {"an invalid game in a file named with ESC", fx.path("ctl" + kEsc + ".bpgn"), {{"*", 1}, {"standings", 0}}},
      {"a valid match, ESC [2J, U+009B and DEL in a player's name", fx.path("ctl-tags.bpgn"), {{"*", 0}}},
      {"a missing file named with ESC", fx.path("gone" + kEsc + ".bpgn"), {{"*", 3}}},
  };
  for (const OptionOfKind& entry : options_of(Kind::Records)) {
    const DefinedOption& o = entry.option;
    for (const Input& in : inputs) {
      HostileRun run;
      run.command = o.command;
      run.input = in.what;
      run.args = line_with(o.command, {"--jobs=2", in.file}, true);
      run.expect = {in.exit.contains(o.command) ? in.exit.at(o.command) : in.exit.at("*")};
      if (run.expect == std::set<int>{-1}) run.expect = {0, 1};
      run.rss_limit_kb = in.rss_kb;
      run.scan_stdout = !writes_records_to_stdout(run.args);
      runs.push_back(run);
    }
    // A folder named with ESC, holding no record: no games read.
    HostileRun folder;
    folder.command = o.command;
    folder.input = "a folder named with ESC holding no record";
    folder.args = line_with(o.command, {fx.path("d" + kEsc + "ir")}, true);
    folder.expect = {1};
    runs.push_back(folder);
  }
  for (const OptionOfKind& entry : options_of(Kind::Place)) {
    const DefinedOption& o = entry.option;
    for (const Input& in : inputs) {
      HostileRun run;
      run.command = o.command;
      run.input = in.what;
      run.args = line_with(o.command, {in.file}, true);
      run.expect = {in.exit.contains(o.command) ? in.exit.at(o.command) : in.exit.at("*")};
      run.rss_limit_kb = in.rss_kb;
      runs.push_back(run);
    }
    for (const char* place : {"good.bpgn:99999999999999999999", "good.bpgn:4294967296", "good.bpgn:abc",
                                    "good.bpgn:-1", "good.bpgn:1:99999999999999999999", "good.bpgn:"}) {
      HostileRun run;
      run.command = o.command;
      run.input = std::string("place ") + place;
      run.args = line_with(o.command, {place}, true);
      run.expect = {2};
      // The place is refused as a place: good.bpgn exists and holds a game.
      run.stderr_never = {"holds 0 games", "No such file"};
      runs.push_back(run);
    }
  }
  // convert --from chesscom: a board whose header is 100,000 arrays deep, and such arrays bare:
  // an unreadable input (the board skipped with a note, or a read failure), never a crash.
  if (plain_lines().contains("convert")) {
    for (const char* file_name : {"deep-board.json", "deep-bare.json"}) {
      HostileRun run;
      run.command = "convert";
      run.input = std::string("--from chesscom, 100,000 nested arrays (") + file_name + ")";
      run.args = line_with("convert", {"--from=chesscom", "--to=bpgn", "--output=out.bpgn", fx.path(file_name)}, true);
      run.expect = {1, 3};
      runs.push_back(run);
    }
  }
  for (const OptionOfKind& entry : options_of(Kind::Summaries)) {
    const DefinedOption& o = entry.option;
    for (const auto& [what, file] : std::vector<std::pair<std::string, std::string>>{
             {"a summary 100,000 objects deep", fx.path("deep-summary.json")},
             {"100,000 nested arrays", fx.path("deep-bare.json")},
             {"a summary holding a NUL byte", fx.path("nul-summary.json")},
             {"a " + mb + " line", fx.path("huge-line.txt")},
             {"/dev/null (a device)", "/dev/null"},
             {"a folder", fx.path("a-folder")},
             {"a missing file named with ESC", "no" + kEsc + "such.json"},
             {"/dev/zero", "/dev/zero"}}) {
      if (file == "/dev/zero" && test::kUnderSanitizer) continue;  // as in Hostile.SideFiles
      HostileRun run;
      run.command = o.command;
      run.input = what;
      run.args = line_with(o.command, {"--output=merged.json", file}, true);
      run.expect = {3};
      if (file == "/dev/zero") {
        run.address_space = rlim_t(512) << 20;
        run.seconds = 10;
      }
      run.after = [](const fs::path& dir) -> std::string {
        return fs::exists(dir / "merged.json") ? "merged.json written though an input failed" : "";
      };
      runs.push_back(run);
    }
  }
  // A gzip whose CRC fails at its end: exit 3, and no game of it in a sorted output as valid.
  for (const DefinedOption& o : definition().options) {
    if (o.name != "--valid-out") continue;
    HostileRun run;
    run.command = o.command;
    run.input = "a gzip whose CRC-32 fails at the end, with --valid-out";
    run.args = line_with(o.command, {fx.path("crc-damaged.bpgn.gz"), "--valid-out=valid.bpgn"}, true);
    run.expect = {3};
    run.after = [](const fs::path& dir) -> std::string {
      std::error_code ec;
      if (!fs::exists(dir / "valid.bpgn", ec)) return {};
      return slurp(dir / "valid.bpgn").find("[Event") == std::string::npos ? ""
                                                                           : "games of the damaged stream written as valid";
    };
    runs.push_back(run);
  }
  // Every report format (the values of each --format, read from the definition) over control
  // characters in a player's name and in a file's name: escaped in text, JSON, HTML, XML alike.
  for (const DefinedOption& o : definition().options) {
    if (o.name != "--format" || o.command == "summary merge") continue;
    const std::size_t open = o.type.find('{'), close = o.type.find('}');
    if (open == std::string::npos || close == std::string::npos) continue;
    std::stringstream list(o.type.substr(open + 1, close - open - 1));
    for (std::string format; std::getline(list, format, ',');) {
      HostileRun run;
      run.command = o.command;
      run.input = "--format " + format + " over control characters in a name and a file name";
      run.args = line_with(o.command, {"--format=" + format, fx.path("ctl-tags.bpgn"), fx.path("ctl" + kEsc + ".bpgn")}, true);
      run.expect = {o.command == "standings" ? 0 : 1};
      run.scan_stdout = format != "csv";  // a spreadsheet's data, as records are
      runs.push_back(run);
    }
  }
  for (const OptionOfKind& entry : options_of(Kind::Name)) {
    const DefinedOption& o = entry.option;
    for (const std::string& word : {std::string(), kEsc, std::string("nonesuch"), std::string("99999999999999999999")}) {
      HostileRun run;
      run.command = o.command;
      run.input = "topic '" + printable(word) + "'";
      run.args = line_with(o.command, {word}, true);
      run.expect = word.empty() ? std::set<int>{0, 2} : std::set<int>{2};  // '': the program's own help, or refused
      runs.push_back(run);
    }
  }
  report(m.run_all(runs), runs.size());
}

}  // namespace bpgn::hostile_matrix
