#include "cli/convert_steps.h"

#include "cli/progress.h"
#include "output/summary_json.h"
#include "output/write_summary.h"
#include "pipeline/commands/convert_csv.h"
#include "pipeline/commands/convert_inputs.h"
#include "pipeline/commands/convert_sqlite.h"
#include "pipeline/run/command_error.h"
#include "pipeline/run/exit_codes.h"
#include "text/visible_text.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <unistd.h>

#include <optional>

namespace bpgn {

void say_archive_error(const db::ArchiveError& e, std::ostream& err) {
  if (e.exit_code == kExitUsage) throw UsageError(std::string("convert: ") + e.what());
  fmt::print(err, "bpgn convert: {}\n", visible_text(e.what()));
}

namespace {

// A text stream that keeps nothing: the records of --to sqlite and csv go to the tables instead.
class Discard : public std::streambuf {
 protected:
  int overflow(int c) override { return traits_type::not_eof(c); }
  std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};

class ConvertSteps : public CommandSteps {
 public:
  ConvertSteps(const ConvertConfig& config, const ConvertWork& work, const std::vector<std::string>& files)
      : config_(config), work_(work), files_(files) {}

  // The output and the summary are committed together, or neither (docs/check.md, *Output files*).
  bool open(OutputGroup& outputs, std::ostream& err) override {
    const bool to_tables = work_.to_sqlite || work_.to_csv;
    if (!to_tables && !(output_ = outputs.open(config_.output, err))) return false;
    if (!config_.summary_json.empty() && !(summary_file_ = outputs.open(config_.summary_json, err))) return false;
    db::GameRowsOptions row_options;
    row_options.positions = config_.positions;
    if (work_.to_sqlite) {
      try {
        archive_.emplace(config_.output, archive_version(config_));
      } catch (const db::ArchiveError& e) {
        say_archive_error(e, err);
        return false;
      }
      rows_.emplace(*archive_, work_.settings.choice, row_options);
    }
    if (work_.to_csv) {
      folder_.emplace(config_.output);
      if (!folder_->opened()) {
        fmt::print(err, "bpgn convert: {}\n", visible_text(folder_->error()));
        return false;
      }
      csv_rows_.emplace(folder_->sink(), work_.settings.choice, row_options);
    }
    return true;
  }

  StreamResult stream(InputStreams&, std::ostream& err) override {
    GameConverter converter(work_.settings);
    written_.emplace(work_.settings.target, work_.settings.filter != nullptr,
                     output_ ? output_->stream() : discarded_, err);
    ConvertRun convert{converter, *written_, err, [](std::size_t n) { Progress::add_games(n); },
                       config_.threads.threads(files_), config_.threads.piece_bytes};
    TableRows* table_rows = rows_ ? static_cast<TableRows*>(&*rows_) : csv_rows_ ? &*csv_rows_ : nullptr;
    convert.rows = table_rows;
    std::optional<Progress> progress;  // on a terminal, while the output goes to a file
    progress.emplace(!config_.quiet && (!config_.output.empty() || !::isatty(STDOUT_FILENO)),
                     work_.chesscom ? 0 : total_input_bytes(files_));
    bool inputs_ok = true;
    try {
      inputs_ok = work_.chesscom ? convert_chesscom(files_, convert) : convert_records(files_, convert);
      if (table_rows && table_rows->failure()) throw *table_rows->failure();
      // An input that could not be read through fails the run, as it fails other outputs: the
      // archive stays as it was (a new one is not created). Nothing is made when the run read no
      // game: a new archive is not created (docs/robustness.md, "Gates"); an existing one is as it was.
      if (archive_ && inputs_ok && written_->whole() && (archive_->appending() || written_->counts().read > 0))
        archive_->commit();
    } catch (const db::ArchiveError& e) {
      progress.reset();
      fmt::print(err, "bpgn convert: {}\n", visible_text(e.what()));
      say_archive_kept(err);
      written_->counts().drop_all();
      say_summary(err);
      return StreamResult::ended(kExitIo);
    }
    return StreamResult::read(written_->counts().read, inputs_ok, written_->whole());
  }

  // The folder first: when it cannot be made whole, the summary is not written either.
  std::optional<int> before_commit(OutputGroup&, const StreamResult& run, std::ostream& err) override {
    if (folder_ && run.inputs_ok && run.run_whole && run.games_read > 0) {
      folder_made_ = folder_->commit();
      if (!folder_made_) {
        fmt::print(err, "bpgn convert: {}\n", visible_text(folder_->error()));
        written_->counts().drop_all();
        say_summary(err);
        return kExitIo;
      }
    }
    if (summary_file_) summary_file_->stream() << write_summary_json("convert", files_.size(), written_->counts());
    return {};
  }

  std::optional<int> after_commit(bool, const StreamResult& run, std::ostream& err) override {
    const bool made = run.inputs_ok && run.run_whole;
    if (output_ ? !output_->written() : !made) written_->counts().drop_all();
    say_summary(err);
    if (csv_rows_ && folder_made_)
      fmt::print(err, "bpgn convert: {} game{} written to {}, {} repeated in the run (not written again)\n",
                 csv_rows_->added(), csv_rows_->added() == 1 ? "" : "s", shown_path(config_.output),
                 csv_rows_->skipped());
    if ((folder_ || (archive_ && !archive_->appending())) && made && run.games_read == 0)
      fmt::print(err, "bpgn convert: no game read, so {} was not made\n", shown_path(config_.output));
    else if (rows_ && made)
      fmt::print(err, "bpgn convert: {} game{} added to {}, {} already there (not added again)\n", rows_->added(),
                 rows_->added() == 1 ? "" : "s", shown_path(config_.output), rows_->skipped());
    return {};
  }

  int exit_code(const StreamResult&) const override { return written_->errors() ? kExitInvalid : kExitClean; }

 private:
  // "bpgn convert: 3 games written, ...; 2 inputs": the one summary line, however the run ended.
  void say_summary(std::ostream& err) {
    fmt::print(err, "{}; {} input{}\n", write_summary("convert", written_->counts()), files_.size(),
               files_.size() == 1 ? "" : "s");
  }
  // After an archive failed: what an existing archive kept of the run.
  void say_archive_kept(std::ostream& err) {
    if (archive_ && archive_->appending()) {
      const std::size_t kept = archive_->committed_games();
      if (kept)
        fmt::print(err, "bpgn convert: {} keeps the {} game{} added before the failure (batches of {} are committed "
                   "whole); the same command again adds the rest\n", shown_path(config_.output), kept,
                   kept == 1 ? "" : "s", db::SqliteWriter::kBatchGames);
      else
        fmt::print(err, "bpgn convert: {} is as it was (no batch of this run was committed)\n",
                   shown_path(config_.output));
    } else if (archive_) {
      fmt::print(err, "bpgn convert: no archive was written\n");
    }
  }

  const ConvertConfig& config_;
  const ConvertWork& work_;
  const std::vector<std::string>& files_;
  RunOutput* output_ = nullptr;
  RunOutput* summary_file_ = nullptr;
  std::optional<db::SqliteWriter> archive_;
  std::optional<ArchiveRows> rows_;
  std::optional<CsvFolder> folder_;
  std::optional<CsvRows> csv_rows_;
  bool folder_made_ = false;
  Discard discard_;
  std::ostream discarded_{&discard_};
  std::optional<ConvertOutput> written_;
};

}  // namespace

int run_convert_files(const ConvertConfig& config, const ConvertWork& work, CommandPlan plan, std::ostream& out,
                      std::ostream& err) {
  if (work.to_csv) {  // the folder's files too: none may be an input, however spelled
    for (const std::string& name : csv_folder_files()) plan.claims.push_back(CommandPlan::output(config.output + "/" + name, "-o"));
  }
  plan.claims.push_back(CommandPlan::output(config.summary_json, "--summary-json"));
  ConvertSteps steps(config, work, plan.names);
  return run_command(plan, steps, out, err);
}

}  // namespace bpgn
