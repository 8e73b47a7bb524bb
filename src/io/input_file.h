// One input as the commands read it: a plain text file, a compressed one (gzip, bzip2, xz, zstd,
// lz4, lzma) or an archive (zip, tar, 7z, rar, compressed or not), told apart by its first bytes,
// not by its name. Compression is peeled off layer by layer, each layer told by its own magic
// number; what is left is an archive only when it starts with that archive's own signature (tar's
// `ustar` at offset 257, zip's `PK\3\4`), and otherwise a stream of records read as text. An
// archive's members go through the same: a compressed member is decompressed, an archive inside
// an archive is read (to a bounded depth). Every compressed format's integrity check is verified.
// Everything is streamed: nothing is unpacked into memory or onto disk (docs/formats.md,
// *Compressed files and archives*).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <system_error>

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

// How the file itself is packed (its members may be packed otherwise).
enum class Packing { Plain, Compressed, Archive };

// Bytes read from every input file of the process so far, as stored (compressed where they are):
// the progress meter's measure.
std::uint64_t input_bytes_read();

// Compression layers peeled off one stream at most (x.gz.gz.gz.gz), and archives read one inside
// the other at most (a.zip:b.zip:c.zip:d.zip:x.bpgn); past either an input is refused.
inline constexpr int kMaxCompressionLayers = 4;
inline constexpr int kMaxArchiveDepth = 4;

class InputFile {
 public:
  // Opens `path` ("-": standard input), reads its first bytes (decompressed) and tells what it
  // holds. Throws std::system_error when it cannot be opened or read, InputFormatError when its
  // compressed data or its archive cannot be read from the start.
  explicit InputFile(const std::string& path);
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  // Moves to the next record text and returns true, false when there is none left. A plain or
  // compressed file has one, named as the file ("standard input" stays "-"); an archive has one
  // per regular file in it, in archive order, named "ARCHIVE:MEMBER" (`2019.zip:2019-03.bpgn`),
  // and one per regular file of an archive inside it (`all.zip:2019.zip:2019-03.bpgn`). Throws
  // InputFormatError when the archive is broken or nested too deep; member_name() then names
  // the member that could not be read where there is one.
  bool next_member();
  // The current member's name: Game::file of its games.
  const std::string& member_name() const;
  // Up to `size` bytes of the current member; 0 at its end. Throws std::system_error on a read
  // error, InputFormatError on broken compressed data (a failed integrity check, a cut stream).
  std::size_t read(char* buffer, std::size_t size);

  Packing packing() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace bpgn
