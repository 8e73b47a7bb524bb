// libFuzzer target: a position byte and move text through the SAN reader (properties:
// san_properties.h).
#include "fuzz/san_properties.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return -1;
  bpgn::fuzz::san_properties(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
