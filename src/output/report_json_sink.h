// `bpgn check --format json` and `--format jsonl` as report sinks: each game's object
// (write_game_report, output/report_json.h), in the json document `{"games":[...],"summary":...,
// "input_errors":[...]}` or one a line; jsonl also writes a line for each input that could not be
// read, in its place (docs/check.md).
#pragma once

#include "output/report_options.h"
#include "output/report_sink.h"

#include <ostream>

namespace bpgn {

class JsonReport final : public RenderedReport {
 public:
  JsonReport(std::ostream& out, ReportOptions options) : out_(out), options_(options) {}
  void begin() override;
  void finish(const CheckSummary& summary) override;
  std::unique_ptr<ReportRenderer> renderer() const override;

 private:
  void write(const RenderedGame& game, bool first) override;
  std::ostream& out_;
  const ReportOptions options_;
};

class JsonlReport final : public RenderedReport {
 public:
  JsonlReport(std::ostream& out, ReportOptions options) : out_(out), options_(options) {}
  void input_failure(const CheckSummary::InputFailure& failure) override;
  std::unique_ptr<ReportRenderer> renderer() const override;

 private:
  void write(const RenderedGame& game, bool first) override;
  std::ostream& out_;
  const ReportOptions options_;
};

}  // namespace bpgn
