// libFuzzer target: any bytes through the reader's grammar and the reference copy of the grammar
// it replaced (properties: grammar_equivalence_properties.h).
#include "fuzz/grammar_equivalence_properties.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  bpgn::fuzz::grammar_equivalence::grammar_equivalence_properties(
      std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
