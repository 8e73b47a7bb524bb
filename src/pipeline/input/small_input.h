// Whether the inputs of a run are too small for threads to pay: the ordered driver
// (ordered_driver.h) would cut them into one piece, which one worker reads while the others
// wait, so starting them only costs (about half a millisecond of CPU for a one-game check).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace bpgn {

// True when every one of `files` is a regular file of plain text (not compressed, not an archive:
// told from its first bytes as the reader tells it) and all of them together hold fewer than
// `piece_bytes` bytes. False for none, for standard input, and for anything that cannot be
// opened or read (the run itself reports it).
bool fits_one_piece(const std::vector<std::string>& files, std::size_t piece_bytes);

}  // namespace bpgn
