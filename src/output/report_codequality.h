// `bpgn check --format codequality`: the Code Climate JSON subset GitLab's Code Quality widget
// reads (artifacts:reports:codequality). One JSON array, one object per violation (at most
// --max-errors per game) and per input that could not be read:
//   {"description", "check_name", "fingerprint", "severity", "location": {"path", "lines": {"begin"}}}
// with GitLab's severities: error -> major, warning -> minor, note -> info, an input that could not
// be read -> critical. The fingerprint (32 hex digits) is a hash of what the finding is (file, code,
// the game's players and moves, the move concerned, the message), not of its line: it stays the
// same when lines move, and a repeat within the run gets its own. Written as games come, in input
// order, in any number of threads.
#pragma once

#include "output/report_options.h"
#include "output/report_sink.h"

#include <memory>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <unordered_set>

namespace bpgn {

// GitLab's word for a severity.
std::string_view codequality_severity(Severity s);

// 32 hex digits: two 64-bit FNV-1a hashes of `key` (different offsets), stable across runs,
// machines and builds.
std::string codequality_fingerprint(std::string_view key);

// The report as a sink: each game's issues rendered by a CodequalityRenderer (in any thread, one
// object a line, each with a leading comma); write() drops the comma of the run's first issue and
// makes every fingerprint unique in input order (a repeat's is hashed again with its number), so
// --jobs N writes the bytes of --jobs 1.
class CodequalityReport final : public RenderedReport {
 public:
  CodequalityReport(std::ostream& out, ReportOptions options) : out_(out), options_(options) {}
  void begin() override;
  void input_failure(const CheckSummary::InputFailure& failure) override;
  void finish(const CheckSummary& summary) override;
  std::unique_ptr<ReportRenderer> renderer() const override;

 private:
  void write(const RenderedGame& game, bool first) override;
  // Writes one issue line (",\n{...}"), its fingerprint made unique.
  void put(std::string_view line);
  std::ostream& out_;
  const ReportOptions options_;
  bool first_ = true;
  std::unordered_set<std::string> fingerprints_;  // those written
};

// One issue as a line of the report: ",\n" then the object, its fingerprint first.
void append_codequality_issue(std::string& out, std::string_view key, std::string_view description,
                              std::string_view check_name, std::string_view severity, std::string_view path,
                              std::uint32_t line);

}  // namespace bpgn
