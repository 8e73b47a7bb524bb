// libFuzzer target: any bytes through the reader (properties: reader_properties.h).
#include "fuzz/reader_properties.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  bpgn::fuzz::reader_properties(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
