// bpgn summary merge: adds up the --summary-json files of runs over shards of a corpus
// (docs/sharding.md).
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace bpgn {

struct SummaryMergeConfig {
  std::vector<std::string> files;  // '-': standard input (one summary per line)
  std::string output;              // -o FILE; empty: standard output
};

int run_summary_merge(const SummaryMergeConfig& config, std::ostream& out, std::ostream& err);

}  // namespace bpgn
