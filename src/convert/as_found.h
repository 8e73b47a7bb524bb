// The games fmt and convert write back as found, and the reader options that keep their text.
#pragma once

#include "record/game.h"
#include "record/reader.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace bpgn {

// Whether a game is written back as found (or may be, by some output): its text has a syntax
// error, holds a broken tag, or names a Variant bpgn cannot check (unsupported_variant).
bool written_as_found(const Game& game);

// Reader options for fmt and convert: the games written as found keep their text in Game::raw
// (from their first byte to the next game's first byte).
ReaderOptions as_found_reader_options();

// Throws std::runtime_error when the game's raw text was cut (longer than
// ReaderOptions::max_raw_bytes): it cannot be written back as found.
void require_whole_raw_text(const Game& game);

// What require_whole_raw_text says of the `index`th game, starting at `line`, whose text was cut.
std::string raw_text_cut_message(std::size_t index, std::uint32_t line);

}  // namespace bpgn
