#include "cli/write_summary.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace bpgn {

void WriteCounts::add(const WriteCounts& other) {
  read += other.read;
  valid += other.valid;
  with_errors += other.with_errors;
  as_found += other.as_found;
  joined += other.joined;
  not_written += other.not_written;
}

void WriteCounts::drop_all() { *this = WriteCounts{.read = read, .not_written = read}; }

std::string write_summary(std::string_view command, const WriteCounts& c) {
  std::string line =
      fmt::format("bpgn {}: {} game{} read, {} written: {} valid, {} with errors, {} as found (syntax error)",
                  command, c.read, c.read == 1 ? "" : "s", c.written(), c.valid, c.with_errors, c.as_found);
  if (c.joined) {
    line += fmt::format(", {} match{} joined from {} board games", c.joined, c.joined == 1 ? "" : "es",
                        2 * c.joined);
  }
  line += fmt::format("; {} not written", c.not_written);
  return line;
}

std::string write_summary_json(std::string_view command, std::size_t inputs, const WriteCounts& c,
                               const std::string& extra_members) {
  nlohmann::ordered_json j;
  j["command"] = command;
  j["inputs"] = inputs;
  j["games_read"] = c.read;
  j["written"] = c.written();
  j["valid"] = c.valid;
  j["with_errors"] = c.with_errors;
  j["as_found"] = c.as_found;
  j["joined"] = c.joined;
  j["not_written"] = c.not_written;
  if (!extra_members.empty()) {
    const nlohmann::ordered_json extra = nlohmann::ordered_json::parse(extra_members);
    for (const auto& [k, v] : extra.items()) j[k] = v;
  }
  return j.dump() + "\n";
}

}  // namespace bpgn
