// libFuzzer target: a rule-set byte and FEN text through the FEN reader and the move generator
// (properties: fen_properties.h).
#include "fuzz/fen_properties.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0 || size > 4096) return -1;  // a FEN is short; longer inputs add nothing
  bpgn::fuzz::fen_properties(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
