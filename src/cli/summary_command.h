// bpgn summary merge: adds up the --summary-json files of runs over shards of a corpus
// (docs/sharding.md).
#pragma once

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>
#include <vector>

namespace bpgn {

// Adds `part` into `total`: numbers are summed, objects merged key by key (keys kept in first-seen
// order), equal strings kept, and strings that differ gathered into an array of the distinct
// values in order. Throws std::invalid_argument when one key holds values of different kinds.
void merge_summary(nlohmann::ordered_json& total, const nlohmann::ordered_json& part, const std::string& where = "");

struct SummaryMergeConfig {
  std::vector<std::string> files;  // '-': standard input (one summary per line)
  std::string output;              // -o FILE; empty: standard output
};

int run_summary_merge(const SummaryMergeConfig& config, std::ostream& out, std::ostream& err);

}  // namespace bpgn
