// bpgn convert's part of the one run (pipeline/run/command_run.h): the output (a text file, a
// SQLite archive or a folder of CSV files) and the summary opened, the records or chess.com boards
// converted (pipeline/commands/convert_inputs.h), the archive committed with the games, the folder
// before the other outputs, and the summary line said once, however the run ended.
#pragma once

#include "cli/convert_config.h"
#include "database/table_sink.h"
#include "pipeline/commands/convert_game.h"
#include "pipeline/run/command_run.h"

#include <ostream>
#include <string>
#include <vector>

namespace bpgn {

// What run_convert made of the options.
struct ConvertWork {
  ConvertSettings settings;       // its target, rules, filter
  bool chesscom = false;          // the inputs are chess.com board files (one thread)
  bool to_sqlite = false, to_csv = false;
};

// The conversion of `plan`'s files (already found: the plan names them as given; the names as the
// command line gave them are claimed too); returns the exit code. Throws CommandError.
int run_convert_files(const ConvertConfig& config, const ConvertWork& work, CommandPlan plan, std::ostream& out,
                      std::ostream& err);

// An archive that cannot be read or written: a bad --where or a file that is no archive throws
// UsageError (a bad command line), the rest is said on `err` (exit 3).
void say_archive_error(const db::ArchiveError& e, std::ostream& err);

// --from sqlite (cli/convert_archive.cpp): the archive's records, in id order, of the games --where selects
// (--to bpgn), or the archive copied into a new one (--to sqlite).
int run_convert_archive(const ConvertConfig& config, std::ostream& out, std::ostream& err);

}  // namespace bpgn
