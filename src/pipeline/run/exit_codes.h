// Exit codes of every subcommand (docs/check.md, "Exit codes").
#pragma once

namespace bpgn {

enum ExitCode : int {
  kExitClean = 0,        // every game valid (warnings allowed)
  kExitInvalid = 1,      // at least one game has an error or is unreadable (fmt --check: files would change)
  kExitUsage = 2,        // bad command line
  kExitIo = 3,           // an input could not be read or an output could not be written
};

}  // namespace bpgn
