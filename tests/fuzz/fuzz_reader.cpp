// libFuzzer target: any bytes through the reader. Every game comes out, with or without an error;
// positions stay inside the text.
#include "record/reader.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  bpgn::Reader reader("fuzz", text);
  bpgn::Game game;
  std::size_t games = 0;
  while (reader.next(game)) {
    ++games;
    if (game.error && game.error->pos.line == 0) std::abort();  // every error has a position
    if (games > size + 1) std::abort();                         // no game out of nothing, no loop
  }
  return 0;
}
