// Output compressed by its file name: `out.bpgn.gz`, `.bz2`, `.xz`, `.zst`, `.lz4` (docs/check.md,
// *Output files*). The text is compressed as it is written, through libarchive, into another
// stream (an AtomicFile's, so that a failure still leaves the old file whole).
#pragma once

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace bpgn {

enum class Compression { Gzip, Bzip2, Xz, Zstd, Lz4 };

// The compression a file name asks for by its last extension; none for any other name.
std::optional<Compression> compression_for_name(std::string_view path);
std::string_view to_string(Compression c);

// An ostream whose bytes go compressed into `target`. finish() ends the compressed stream; before
// it, `target` holds an incomplete stream.
class CompressingStream {
 public:
  CompressingStream(std::ostream& target, Compression compression);
  ~CompressingStream();
  CompressingStream(const CompressingStream&) = delete;
  CompressingStream& operator=(const CompressingStream&) = delete;

  std::ostream& stream();
  // Writes what is buffered and the stream's end. False when the compressor or `target` failed.
  bool finish();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace bpgn
