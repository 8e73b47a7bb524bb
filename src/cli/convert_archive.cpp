// bpgn convert --from sqlite on the one run (pipeline/run/command_run.h): one archive read back,
// the records of the games --where selects written as BPGN, in id order.
#include "cli/convert_steps.h"

#include "database/sqlite_archive.h"
#include "pipeline/run/command_error.h"
#include "pipeline/run/exit_codes.h"
#include "text/visible_text.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

namespace bpgn {
namespace {

// --from sqlite: one archive read back, its records written as BPGN.
class ArchiveSteps : public CommandSteps {
 public:
  explicit ArchiveSteps(const ConvertConfig& config) : config_(config) {}

  bool open(OutputGroup& outputs, std::ostream& err) override { return (output_ = outputs.open(config_.output, err)); }
  StreamResult stream(InputStreams&, std::ostream& err) override {
    std::size_t n = 0;
    try {
      n = db::read_archive_records(config_.inputs.front(), config_.where, [&](std::string_view record) {
        std::ostream& o = output_->stream();
        if (n++) o << record_separator(ConvertTarget::Bpgn);
        o.write(record.data(), std::streamsize(record.size()));
      });
    } catch (const db::ArchiveError& e) {
      say_archive_error(e, err);
      return StreamResult::ended(kExitIo);
    }
    return StreamResult::read(n, true);
  }
  std::optional<int> after_commit(bool committed, const StreamResult& run, std::ostream& err) override {
    if (!committed) return kExitIo;
    fmt::print(err, "bpgn convert: {} game{} written from {}\n", run.games_read, run.games_read == 1 ? "" : "s",
               shown_path(config_.inputs.front()));
    return {};
  }

 private:
  const ConvertConfig& config_;
  RunOutput* output_ = nullptr;
};

}  // namespace

int run_convert_archive(const ConvertConfig& config, std::ostream& out, std::ostream& err) {
  if (config.to != "bpgn")
    throw UsageError("convert: --from sqlite writes --to bpgn only (the archive keeps the canonical BPGN records)");
  if (config.inputs.size() != 1 || config.inputs.front() == "-")
    throw UsageError("convert: --from sqlite reads one archive file");
  CommandPlan plan;
  plan.command = "convert";
  plan.names = config.inputs;
  plan.inputs.allow_empty = config.allow_empty;
  plan.expand = CommandPlan::Expand::AsGiven;
  plan.claims = {CommandPlan::output(config.output, "-o")};
  ArchiveSteps steps(config);
  return run_command(plan, steps, out, err);
}

}  // namespace bpgn
