// bpgn convert --from sqlite on the one run (pipeline/run/command_run.h): one archive read back,
// the records of the games --where selects written as BPGN, in id order; with --to sqlite, the
// archive copied into a new one.
#include "cli/convert_steps.h"

#include "database/sqlite_archive.h"
#include "pipeline/output/file_claims.h"
#include "pipeline/run/command_error.h"
#include "pipeline/run/exit_codes.h"
#include "text/visible_text.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <filesystem>
#include <system_error>

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

// --from sqlite --to sqlite: the archive copied into a new one of this bpgn's layout (or the one
// --archive-version names), every game with its id and rows. No game is streamed: no run of games.
int copy_archive(const ConvertConfig& config, std::ostream& err) {
  if (!config.where.empty()) throw UsageError("convert: --where goes with --from sqlite --to bpgn (a copy takes every game)");
  if (config.output.empty() || config.output == "-")
    throw UsageError("convert: --from sqlite --to sqlite needs -o NEW.db (a new file)");
  const std::string& source = config.inputs.front();
  FileClaims claims;
  claims.inputs(config.inputs);
  claims.output(config.output, "-o");
  std::error_code ec;
  if (std::filesystem::exists(config.output, ec) &&
      !(std::filesystem::is_regular_file(config.output, ec) && std::filesystem::file_size(config.output, ec) == 0))
    throw UsageError("convert: --from sqlite --to sqlite writes a new archive, and " + shown_path(config.output) +
                     " exists: nothing was done");
  std::size_t games = 0;
  int version = 0;
  try {
    db::SqliteWriter archive(config.output, archive_version(config));
    version = archive.version();
    games = archive.copy_from(source);
    archive.commit();
  } catch (const db::ArchiveError& e) {
    say_archive_error(e, err);
    fmt::print(err, "bpgn convert: no archive was written\n");
    return kExitIo;
  }
  fmt::print(err, "bpgn convert: {} game{} copied from {} to {} (schema version {})\n", games, games == 1 ? "" : "s",
             shown_path(source), shown_path(config.output), version);
  return kExitClean;
}

}  // namespace

int run_convert_archive(const ConvertConfig& config, std::ostream& out, std::ostream& err) {
  if (config.to != "bpgn" && config.to != "sqlite")
    throw UsageError("convert: --from sqlite writes --to bpgn (the archive keeps the canonical BPGN records) or --to "
                     "sqlite (a copy of the archive)");
  if (config.inputs.size() != 1 || config.inputs.front() == "-")
    throw UsageError("convert: --from sqlite reads one archive file");
  if (config.to == "sqlite") return copy_archive(config, err);
  if (config.archive_version_given) throw UsageError("convert: --archive-version goes with --to sqlite");
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
