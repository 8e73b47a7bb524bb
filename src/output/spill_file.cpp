#include "output/spill_file.h"

#include <stdexcept>

namespace bpgn {

SpillFile::SpillFile(std::string what) : what_(std::move(what)), file_(std::tmpfile()) {}

SpillFile::~SpillFile() {
  if (file_) std::fclose(file_);
}

void SpillFile::append(std::string_view text) {
  if (!file_) {
    memory_ += text;
    return;
  }
  if (std::fwrite(text.data(), 1, text.size(), file_) != text.size()) {
    throw std::runtime_error("cannot write " + what_ + " to a temporary file");
  }
}

void SpillFile::copy_to(std::ostream& out) {
  if (file_) {
    std::fflush(file_);
    std::rewind(file_);
    char chunk[1 << 16];
    std::size_t n;
    while ((n = std::fread(chunk, 1, sizeof chunk, file_)) > 0) out.write(chunk, std::streamsize(n));
  }
  out << memory_;
}

}  // namespace bpgn
