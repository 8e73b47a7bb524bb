// One input as the commands read it: a plain text file, a compressed one (gzip, bzip2, xz, zstd,
// lz4) or an archive (zip, tar, 7z, ..., compressed or not), told apart by its first bytes, not by
// its name. An archive holds several record texts (its members); the others hold one. Everything
// is streamed: nothing is unpacked into memory or onto disk (docs/check.md, *Inputs*).
#pragma once

#include <cstddef>
#include <memory>
#include <cstdint>
#include <string>
#include <system_error>
#include <string>

namespace bpgn {

// A compressed stream or archive that cannot be read on: corrupt, truncated, an unknown method.
// A std::system_error (EILSEQ), so that every `catch (const std::system_error&)` around a read
// sees it; what() is the phrase that follows "cannot read NAME: ".
class InputFormatError : public std::system_error {
 public:
  explicit InputFormatError(std::string text)
      : std::system_error(std::make_error_code(std::errc::illegal_byte_sequence)), text_(std::move(text)) {}
  const char* what() const noexcept override { return text_.c_str(); }

 private:
  std::string text_;
};

// What follows "cannot read NAME: " for a failure to open or read an input: the system's words
// ("No such file or directory"), or an InputFormatError's own.
std::string read_failure_text(const std::system_error& e);

enum class Packing { Plain, Compressed, Archive };

// Bytes read from every input file of the process so far, as stored (compressed where they are):
// the progress meter's measure.
std::uint64_t input_bytes_read();

class InputFile {
 public:
  // Opens `path` ("-": standard input) and looks at its first bytes. Throws std::system_error
  // when it cannot be opened or read, InputFormatError when an archive cannot be opened.
  explicit InputFile(const std::string& path);
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  // Moves to the next record text and returns true, false when there is none left. A plain or
  // compressed file has one, named as the file ("standard input" stays "-"); an archive has one
  // per regular file in it, in archive order, named "ARCHIVE:MEMBER" (`2019.zip:2019-03.bpgn`).
  // Throws InputFormatError when the archive is broken.
  bool next_member();
  // The current member's name: Game::file of its games.
  const std::string& member_name() const;
  // Up to `size` bytes of the current member; 0 at its end. Throws std::system_error on a read
  // error, InputFormatError on broken compressed data.
  std::size_t read(char* buffer, std::size_t size);

  Packing packing() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace bpgn
