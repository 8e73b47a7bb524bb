// `bpgn check --format sarif`: a SARIF 2.1.0 log (the OASIS standard code-scanning tools read: GitHub
// code scanning, GitLab, VS Code's SARIF viewer). One run; the tool's `rules` are every violation code
// (short and full description, default level, a help link into the docs); one `result` per
// violation with its code, level, message and where it is (file, line, the columns of the move
// token); inputs that could not be read as tool execution notifications. Results are written as
// games come: memory does not grow with the number of games.
#pragma once

#include "output/report_options.h"
#include "output/report_sink.h"

#include <ostream>
#include <string>

namespace bpgn {

// The docs of the configured install prefix, or what -DBPGN_DOCS_URI said when building.
extern const std::string_view kDefaultDocsUri;

struct SarifOptions {
  ReportOptions report;                              // max_errors: results listed per game
  std::string docs_uri = std::string(kDefaultDocsUri);  // where the docs are (the rules' help links)
};

class SarifReport final : public ReportSink {
 public:
  SarifReport(std::ostream& out, SarifOptions options);
  void begin() override;  // writes the tool and opens the results
  void game(const Game& game, const CheckedGame& checked) override;
  void finish(const CheckSummary& summary) override;

 private:
  std::ostream& out_;
  SarifOptions options_;
  std::string buffer_;
  bool first_result_ = true;
};

// A file name as a SARIF artifact URI: relative names percent-encoded, absolute ones as file:// URIs.
std::string sarif_artifact_uri(std::string_view path);

// Where the docs explain a violation code (the `helpUri` of its rule), under `docs_uri`.
std::string violation_help_uri(ViolationCode code, std::string_view docs_uri = kDefaultDocsUri);

}  // namespace bpgn
