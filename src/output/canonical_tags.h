// The tag section of canonical output: fixed order, normalised dates, one escaped tag per line.
#pragma once

#include "record/game.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bpgn {

// BPGN: Event, Site, Date, Time, WhiteA, WhiteAElo, BlackA, BlackAElo, WhiteB, WhiteBElo, BlackB,
// BlackBElo, TimeControl, Result. PGN: the Seven Tag Roster (Event, Site, Date, Round, White,
// Black, Result).
std::span<const std::string_view> canonical_tag_order(Dialect dialect);

// The tags in canonical order: the first occurrence of each fixed tag in the fixed order, then
// every other tag (later duplicates included) in the order found. Pointers into `tags`.
void order_tags(const std::vector<Tag>& tags, Dialect dialect, std::vector<const Tag*>& out);

// Tags whose value is a date: Date, UTCDate, EventDate.
bool is_date_tag(std::string_view name);

// `2022-01-03` (or `2022/01/03`) becomes `2022.01.03`; `?` stands for an unknown digit. Any other
// value is returned unchanged.
std::string normalise_date(std::string_view value);

// Appends `[Name "value"]` and LF; `\` and `"` are escaped, line breaks and tabs become spaces.
void append_tag(std::string& out, std::string_view name, std::string_view value);

}  // namespace bpgn
