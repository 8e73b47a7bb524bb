#include "io/libraries.h"

namespace bpgn {

// Set by CMakeLists.txt (the sonames of the libraries bpgn was built against).
const char* Zlib::file() { return BPGN_ZLIB_SONAME; }
const char* Lzma::file() { return BPGN_LZMA_SONAME; }
const char* Libarchive::file() { return BPGN_LIBARCHIVE_SONAME; }

}  // namespace bpgn
