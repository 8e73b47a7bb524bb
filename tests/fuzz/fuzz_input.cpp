// libFuzzer target: any bytes, and the same bytes gzipped, through the input opener (compressed
// files and archives; properties: input_properties.h).
#include "fuzz/input_properties.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  bpgn::fuzz::input_properties(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
