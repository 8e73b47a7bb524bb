// The one registry of the files a run reads and writes: an output never lands on one of the run's
// inputs or on another output, however its path is spelled (docs/check.md, "Output files").
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace bpgn {

// True when both paths name one file, as FileClaims compares them: the same device and inode when
// both exist (so `./x`, `../d/x`, a symlink and a hard link all match), the same absolute path
// after `.`, `..` and symlinks are resolved when neither does (a dangling symlink is the path it
// names, as resolve_output_path() follows it). "-" (standard
// input / output) is no file.
bool same_file(const std::string& a, const std::string& b);

// The one registry of the files a run reads and writes (docs/check.md, *Output files*), used by
// every subcommand: each output is claimed once, by the file's identity (device and inode; the
// resolved path of a file still to be made), against every input (lists and alias files too) and
// every other output. A device, a FIFO or a socket (/dev/null, /dev/stdout on a terminal or pipe)
// is not claimed: it is no file that can be lost, so several outputs may name it. "-" and an
// empty name are standard input / output, no file.
class FileClaims {
 public:
  // An input: `what` names it in messages ("the input", "the --files-from list").
  void input(const std::string& path, std::string_view what = "the input");
  void inputs(const std::vector<std::string>& paths);
  // Throws UsageError (exit 2) naming both options when `path` is a file already claimed:
  // "-o ./g.bpgn is the input g.bpgn (the same file); writing it would destroy the input, so
  // nothing was done[; hint]", "--invalid-out ./x and --valid-out x name the same file".
  // `hint` is added when it is an input.
  // Its path is resolved as every output's is (io/commit/output_path.h): an output that is a loop of
  // symbolic links throws IoError (exit 3) before anything is done.
  void output(const std::string& path, std::string_view option, std::string_view hint = {});

  // A file's identity: device and inode when it exists, else its resolved path (what same_file
  // compares).
  struct Claim {
    std::string path, what;  // what: an input's description, or an output's option
    bool output = false;
    bool exists = false;  // then dev and ino; else resolved
    unsigned long long dev = 0, ino = 0;
    std::string resolved;
  };
  static Claim identify(const std::string& path);
  static bool same(const Claim& a, const Claim& b);

 private:
  std::vector<Claim> claims_;
};

}  // namespace bpgn
