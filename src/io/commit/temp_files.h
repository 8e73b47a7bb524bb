// The temporary files of a run's outputs are removed however the run ends (docs/check.md, *Output
// files*): a signal that ends the process (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGABRT)
// first removes every temporary file still open, then ends the process with that same signal, so
// its exit status is the signal's. SIGXFSZ is ignored: a write past the file-size limit (ulimit -f)
// fails with EFBIG, which is an ordinary output failure (exit 3), instead of killing the process.
#pragma once

namespace bpgn {

// Installs the handlers and ignores SIGXFSZ, once (later calls do nothing). A signal that was
// ignored when the program started (nohup, a background job) stays ignored.
void guard_temporary_files();

// Puts a temporary file's path in the fixed table the signal handler removes (the handler may not
// allocate, so the table and its paths are static). Returns its slot, or -1 when the table is
// full or the path too long (then only the ordinary clean-up removes it).
int remember_temporary_file(const char* path);
// Takes it out of the table: it was renamed over its target or removed.
void forget_temporary_file(int slot);

// While one lives, a signal that would end the run waits: a group of outputs is renamed whole, and
// the signal takes effect when the last one is renamed (on destruction). When a signal is
// already ending the process, the constructor never returns: nothing more is renamed.
class SignalsHeld {
 public:
  SignalsHeld();
  ~SignalsHeld();
  SignalsHeld(const SignalsHeld&) = delete;
  SignalsHeld& operator=(const SignalsHeld&) = delete;
};

}  // namespace bpgn
