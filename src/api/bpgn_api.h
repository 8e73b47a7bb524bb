// The library as a program uses it (the Python module, an embedder): check record texts or files as
// `bpgn check` does, read them without checking, format them as `bpgn fmt` does, all without the
// command line. Nothing here writes to standard output or standard error (docs/python.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bpgn::api {

// The project's version ("0.1.0").
std::string_view version();

// The rule set names `CheckOptions::rules` takes: "bughouse", "swedish", ...
std::vector<std::string> rule_set_names();

// Why an input could not be read or an option was not taken: where (the file or text name, a
// 1-based line and column; 0 where the error has no place in a text: a missing file, an option)
// and what. what() is "file:line:column: message" with a place, else the message (which names
// the file it could not read).
class Error : public std::runtime_error {
 public:
  Error(std::string file, std::uint32_t line, std::uint32_t column, std::string message);

  const std::string& file() const { return file_; }  // empty when no input is concerned
  std::uint32_t line() const { return line_; }
  std::uint32_t column() const { return column_; }
  const std::string& message() const { return message_; }

 private:
  std::string file_;
  std::uint32_t line_;
  std::uint32_t column_;
  std::string message_;
};

// What is read: a record text in memory, or a file as the commands read it (plain, compressed,
// or an archive whose members are read in turn).
struct Input {
  bool is_file = false;
  std::string name;  // the file's path, or the text's name (Game::file: the reports' `file`)
  std::string text;  // the record text when !is_file (bytes: UTF-8 or Latin-1, as in a file)

  // `name` stands where the command line says "-" for standard input.
  static Input from_text(std::string text, std::string name = "-");
  static Input from_file(std::string path);
};

// `bpgn check --rules R --set K=V --strict --max-errors N --tolerance S`.
struct CheckOptions {
  std::string rules;                       // a rule set name; empty: each record's default
  std::map<std::string, std::string> set;  // rule option overrides, key -> value
  bool strict = false;                     // warnings count as errors for the status
  std::optional<std::size_t> max_errors;   // list at most N violations per game (all are counted)
  std::optional<double> tolerance;         // seconds; unset: check's default for each record
};

// One violation, as in the JSON report.
struct Violation {
  std::string code;                  // "drop-not-in-holding"
  std::string severity;              // "error", "warning", "note"
  std::optional<char> board;         // 'A' or 'B'; none where no move is concerned
  std::optional<std::string> color;  // "white" or "black"
  std::optional<int> move_number;    // as written
  std::string move;                  // the move as written; empty when none
  std::uint32_t line = 0, column = 0;
  std::string message;
  std::optional<std::size_t> ply;  // 1-based index of the ply in the record
  // An illegal action under a rule set where it loses: "decided" (at once), "claimed", or
  // "not-claimed"; none for every other violation.
  std::optional<std::string> claim;
  std::optional<bool> played_on;   // "not-claimed": whether play went on from it (else its board stopped)
};

// The game's result, as in the JSON report's `result` (empty strings: null).
struct Outcome {
  std::string recorded, computed, winner, reason;
  std::optional<char> board;             // where it was decided
  std::map<std::string, double> points;  // turkish scoring: "WhiteA" -> 2, ...; else empty
};

// One game as `bpgn check` reports it.
struct CheckedGame {
  std::size_t index = 0;       // 1-based, counted over the input
  std::size_t file_index = 0;  // 1-based, counted within its file or archive member (the JSON's file_index)
  std::string file;
  std::uint32_t line = 0;             // where the game starts
  std::string status;                 // "valid", "invalid", "unreadable"
  std::string rules;                  // the rule set's name
  std::vector<Violation> violations;  // those the report lists (max_errors)
  std::size_t violation_count = 0;    // all of them
  Outcome outcome;
  std::size_t plies = 0;
  // The line `bpgn check --format jsonl` writes for this game, without its LF: the same writer
  // with the same report options.
  std::string json;
};

// One ply as written, before any replay.
struct RecordPly {
  std::string seat;  // "WhiteA", "BlackA", "WhiteB", "BlackB"
  char board = 'A';
  std::string colour;                  // "white", "black" (as the record says)
  int number = 0;                      // the move number written; 0 when none
  std::string san;                     // as written (suffix annotations such as `!?` left out)
  std::string clock;                   // the clock as written (`58.345`, `[%clk 0:02:59.9]`); empty: none
  std::uint32_t line = 0, column = 0;  // of the SAN
};

// Where the reader found a game's text broken.
struct ReadError {
  std::string message;
  std::uint32_t line = 0, column = 0;
};

// One game as read, not checked.
struct RecordGame {
  std::size_t index = 0;       // 1-based, counted over the input
  std::size_t file_index = 0;  // 1-based, counted within its file or archive member
  std::string file;
  std::uint32_t line = 0;
  std::string dialect;                                    // "bpgn" or "pgn"
  std::vector<std::pair<std::string, std::string>> tags;  // in record order
  std::vector<RecordPly> plies;                           // in record order
  std::string result;                                     // the result token; empty when none
  // Where the text broke off (the plies before it are kept), else the first broken tag (left out
  // of `tags`); none when the record was read whole.
  std::optional<ReadError> error;
};

// `bpgn fmt --rules R --set K=V --fix`.
struct FmtOptions {
  std::string rules;
  std::map<std::string, std::string> set;
  bool fix = false;
};

// The games of an input checked one at a time. The constructor opens the input and reads the
// options; it and next() throw Error (unknown rule set, bad override, an input that cannot be
// opened or read). A game whose text is broken is no error: it is reported "unreadable", as check
// reports it.
class CheckStream {
 public:
  CheckStream(const Input& input, const CheckOptions& options);
  ~CheckStream();
  CheckStream(CheckStream&&) noexcept;
  CheckStream& operator=(CheckStream&&) noexcept;

  std::optional<CheckedGame> next();  // nullopt at the end of the input

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The games of an input as read, one at a time; throws Error as CheckStream does. A game read
// with a break is returned with its `error` set (the caller decides).
class ReadStream {
 public:
  explicit ReadStream(const Input& input);
  ~ReadStream();
  ReadStream(ReadStream&&) noexcept;
  ReadStream& operator=(ReadStream&&) noexcept;

  std::optional<RecordGame> next();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Every game at once.
std::vector<CheckedGame> check(const Input& input, const CheckOptions& options = {});
std::vector<RecordGame> read(const Input& input);

// The canonical text of every game, byte for byte what `bpgn fmt` writes to standard output for
// this input (broken games as found). Throws Error as CheckStream does.
std::string fmt(const Input& input, const FmtOptions& options = {});

}  // namespace bpgn::api
