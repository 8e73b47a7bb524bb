// bpgn summary merge (docs/sharding.md): reading the lines `--summary-json` writes, adding them
// up, and writing the sum. One of the two readers of JSON (nlohmann::json's parser; the other is
// the chess.com import, convert/chesscom_board.cpp); the sum is written with JsonWriter like every
// JSON output (output/summary_json.h writes the summaries themselves).
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <string_view>

namespace bpgn {

using SummaryJson = nlohmann::ordered_json;

// A key or a token as a message quotes it: in the visible form, at most 40 bytes of it.
std::string shown_summary_text(std::string_view text);

// One line of a summary file read: the summary, or a null value and `problem` saying why the line
// is not what `--summary-json` writes (`column`: where, when the JSON itself is broken; else 0).
struct SummaryRead {
  SummaryJson value;
  std::string problem;
  std::size_t column = 0;
};
SummaryRead read_summary_line(const std::string& line);

// Adds `part` into `total`: numbers are summed, objects merged key by key (keys kept in first-seen
// order), equal strings kept, and strings that differ gathered into an array of the distinct
// values in order. Throws std::invalid_argument when one key holds values of different kinds.
void merge_summary(SummaryJson& total, const SummaryJson& part, const std::string& where = "");

// The merged summary as one line (LF-terminated): its members in first-seen order, then
// "summaries_merged" last, as documented (docs/sharding.md).
std::string merged_summary_json(const SummaryJson& total);

}  // namespace bpgn
