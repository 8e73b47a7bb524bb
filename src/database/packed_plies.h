// The plies of an archive of schema version 2 (docs/database.md, "Schema versions"): one row per
// game in `plies_packed`, its plies packed in a JSON array, and a view `plies` that unpacks them
// into exactly the rows and values of version 1's `plies` table (database/schema.h), so that
// every query of a version 1 archive answers the same. SQLite stores one row of a few kilobytes a
// game instead of a hundred keyed rows, which is what made the archive slow to write. No I/O.
#pragma once

#include "database/table_sink.h"

#include <algorithm>
#include <span>
#include <string>
#include <string_view>

namespace bpgn::db {

// CREATE TABLE plies_packed and CREATE VIEW plies, each ending with ";\n".
std::string packed_plies_statements(bool if_not_exists);

// One game's plies as stored in its plies_packed row: three JSON arrays,
//   codes:  an integer a ply: board B (1) + black (2) + is_drop (4) + played (8)
//           + piece (1..6 of PNBRQK, 0: NULL) * 2^4 + promotion (the same) * 2^7
//           + from_square (0..63 = file + 8 * rank, 64: NULL) * 2^10 + to_square * 2^17
//           + (move_number written: 1) * 2^24 + move_number * 2^25
//           + (canonical_san NULL: 1) * 2^57 + (canonical_san differs from san: 1) * 2^58;
//   moves:  two values a ply, san and canonical_san when it differs (else 0);
//   extras: four numbers a ply, clock, match_time, line, col (the times written with a '.' or an
//           exponent, so that SQLite reads them back as the same REAL; null for NULL).
struct PackedPlies {
  std::string_view codes, moves, extras;
};

class PlyPacker {
 public:
  // One row of the plies table (schema.h's columns, game_id and ply first); the plies of a game
  // come in order, ply 1, 2, ... Throws ArchiveError (exit 3) for a row version 2 cannot hold as
  // it is (a seat that is not its board's and colour's, a square that is not one, a move number
  // out of 0..2^32-1: only a damaged version 1 archive being copied has such rows).
  void add(std::span<const Value> row);
  // The same row as its parts (what emit_game_rows gives): no Value made of a column.
  void add(const PlyRow& row);
  bool empty() const { return plies_ == 0; }
  std::size_t plies() const { return plies_; }
  // The arrays of the plies added since clear() (valid until the next add or clear).
  PackedPlies packed();
  void clear();

 private:
  // A growing text written in place: room() for what comes next, done() at its end (no string
  // append a piece: the packing writes a dozen pieces a ply).
  class Text {
   public:
    char* room(std::size_t n) {
      if (bytes_.size() - used_ < n) bytes_.resize(std::max(bytes_.size() * 2, used_ + n + 256));
      return bytes_.data() + used_;
    }
    void done(const char* end) { used_ = std::size_t(end - bytes_.data()); }
    std::string_view view() const { return {bytes_.data(), used_}; }
    void clear() { used_ = 0; }

   private:
    std::string bytes_;
    std::size_t used_ = 0;
  };
  Text codes_, moves_, extras_;
  std::size_t plies_ = 0;
  bool closed_ = false;  // the arrays end with their ']'
};

}  // namespace bpgn::db
