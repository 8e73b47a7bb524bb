// bpgn: the program. The command line itself is src/cli/command_line.cpp.
#include "cli/command_line.h"
#include "io/commit/temp_files.h"

int main(int argc, char** argv) {
  // Temporary files are removed whatever ends the run; a file-size limit is a write error (exit 3).
  bpgn::guard_temporary_files();
  return bpgn::run_command_line(argc, argv);
}
