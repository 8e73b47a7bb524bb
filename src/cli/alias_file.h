// standings --alias FILE (docs/standings.md): lines `other spelling = name`, so that one player is
// one row however the records spell the name.
#pragma once

#include "standings/match_of_game.h"

#include <string>

namespace bpgn {

// The aliases of `path` (empty path: none; blank lines and `#` comments skipped). A file that
// cannot be read (or is too big) throws IoError (exit 3), a line that is no alias UsageError
// "standings: FILE:LINE: what" (exit 2).
PlayerAliases read_aliases(const std::string& path);

}  // namespace bpgn
