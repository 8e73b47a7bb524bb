// libFuzzer target: any bytes through `bpgn check` (properties: check_properties.h).
#include "fuzz/check_properties.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  bpgn::fuzz::check_properties(std::string_view(reinterpret_cast<const char*>(data), size), false);
  return 0;
}
