// --adjudications FILE (check, standings; docs/adjudications.md): the file read and its problems
// said in the command's form, with the exit code of a bad command line.
#pragma once

#include "replay/adjudication.h"

#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace bpgn {

// The decisions of `path` (empty path: none). A file that cannot be read throws IoError (exit 3);
// what cannot be read in it is said on `err` as "bpgn COMMAND: FILE:LINE:COLUMN: what", one line
// each, and throws UsageError (exit 2) naming how many.
Adjudications read_adjudications(std::string_view command, const std::string& path, std::ostream& err);

// After the run: a decision that named no match or several, a player a match does not have, a
// match two decisions name: each said on `err` as above. True when there was none.
bool adjudications_hold(std::string_view command, const Adjudications& adjudications, std::ostream& err);

}  // namespace bpgn
