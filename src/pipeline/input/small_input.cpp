#include "pipeline/input/small_input.h"

#include "io/input_file.h"

#include <sys/stat.h>

#include <cstdint>
#include <exception>

namespace bpgn {

bool fits_one_piece(const std::vector<std::string>& files, std::size_t piece_bytes) {
  if (files.empty()) return false;
  std::uint64_t total = 0;
  for (const std::string& f : files) {  // sizes first: a file opened must not be a pipe
    struct stat st {};
    if (f == "-" || ::stat(f.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;
    total += std::uint64_t(st.st_size);
    if (total >= piece_bytes) return false;
  }
  try {
    for (const std::string& f : files) {
      if (InputFile(f).packing() != Packing::Plain) return false;  // a small .gz may hold much
    }
  } catch (const std::exception&) {
    return false;
  }
  return true;
}

}  // namespace bpgn
