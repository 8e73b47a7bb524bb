// The one opener of inputs: the files a command was handed (standard input as "-", compressed
// files, archives) yielded in order as byte streams with their names, and what could not be
// opened or read as failures, events in the same order. Every command and the facade read
// their inputs through it (docs/architecture.md, *Inputs and the game stream*).
#pragma once

#include "io/input_file.h"

#include <cstddef>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bpgn {

// "standard input" for "-", else the name as it is (a message escapes it as it prints it).
std::string input_label(std::string_view file);

// An input that could not be opened or read on.
struct InputFailure {
  std::string file;    // as Game::file names its games: a path, "ARCHIVE:MEMBER", "-"
  std::string reason;  // what follows "cannot read NAME: " ("No such file or directory")
  // The stream was opened and failed while read (damaged or truncated data, an integrity check
  // that fails): the games read from it before may hold changed text.
  bool while_read = false;
  std::string name() const { return input_label(file); }
};

// An input that failed before one of the files to read: a --files-from list that could not be
// read (through), which comes before files[before] (files.size(): after the last).
struct FailureAt {
  std::size_t before = 0;
  InputFailure failure;
};

class InputStreams {
 public:
  // The files in order ("-": standard input), with the failures that stand among them.
  explicit InputStreams(std::vector<std::string> files, std::vector<FailureAt> failures = {});
  // One text in memory, named `name` (the facade's Input::from_text).
  static InputStreams of_text(std::string name, std::string text);
  ~InputStreams();
  InputStreams(InputStreams&&) noexcept;
  InputStreams& operator=(InputStreams&&) noexcept;

  enum class Step { Stream, Failure, End };
  // Moves to the next stream: the current archive's next member, else the next input's first.
  // A file that cannot be opened, an archive whose next member cannot be read: Failure (the
  // rest of that input is passed over), failure() says which and why.
  Step next();

  // The current stream's name: Game::file of its games (a path, "ARCHIVE:MEMBER", "-").
  const std::string& file() const { return file_; }
  // Which of the files it comes from (for a command that treats each file on its own).
  std::size_t input() const { return input_; }
  // How the input it comes from is packed (a text in memory: Plain).
  Packing packing() const;
  // True from next() giving a Stream until its first read().
  bool at_stream() const { return fresh_; }
  // Up to `size` bytes of the current stream, 0 at its end. Throws std::system_error on a read
  // error, InputFormatError on broken compressed data.
  std::size_t read(char* buffer, std::size_t size);

  // The last failure: after next() gave Failure, or fail().
  const InputFailure& failure() const { return failure_; }
  // The current stream cannot be read on (read() threw `e`, or a reader reading it did): the
  // failure naming it; the rest of its input (later archive members) is passed over.
  const InputFailure& fail(const std::exception& e);
  // Reads no more of the current input: next() moves to the next one.
  void leave();

 private:
  InputStreams() = default;
  std::vector<std::string> files_;
  std::vector<FailureAt> failures_;
  std::size_t next_file_ = 0, next_failure_ = 0, input_ = 0;
  std::unique_ptr<InputFile> open_;  // the input being read, when it is a file
  std::optional<std::string> text_;  // of_text: the text (read once)
  std::size_t text_at_ = 0;
  std::string file_;
  bool fresh_ = false;
  InputFailure failure_;
};

}  // namespace bpgn
