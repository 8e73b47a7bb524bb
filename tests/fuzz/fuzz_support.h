// Shared by the libFuzzer targets and the robustness tests: an input as a named file (the
// subcommands read files), and a loud failure that libFuzzer records as a crash.
#pragma once

#include "core/move.h"
#include "core/position.h"
#include "rules/rule_set.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>

namespace bpgn::fuzz {

// A broken property, thrown instead of aborting when throw_failures() is set (the robustness
// tests run the same properties over corpus/regressions/).
struct PropertyFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

inline bool& throw_failures() {
  static bool on = false;
  return on;
}

// Says what broke; then aborts, so that libFuzzer saves the input as a crash (or throws
// PropertyFailure when throw_failures()).
[[noreturn]] inline void fail(const char* what, std::string_view detail = {}) {
  const std::size_t shown = detail.size() < 2000 ? detail.size() : 2000;
  if (throw_failures()) {
    throw PropertyFailure(std::string("property broken: ") + what + "\n" + std::string(detail.substr(0, shown)));
  }
  std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
  if (!detail.empty()) std::fprintf(stderr, "----\n%.*s\n----\n", static_cast<int>(shown), detail.data());
  std::abort();
}

inline void require(bool condition, const char* what, std::string_view detail = {}) {
  if (!condition) fail(what, detail);
}

// The same move on the board (a Gambler promotion's partner square, which the core never reads,
// aside).
inline bool same_move(const bpgn::Move& a, const bpgn::Move& b) {
  return a.from == b.from && a.to == b.to && a.kind == b.kind && a.piece == b.piece && a.promotion == b.promotion;
}

// The first board invariant `pos` breaks under `rules` (nullptr: none); a pawn on its last rank
// is allowed where promotion is from the holding (turkish).
inline const char* broken_invariant(const bpgn::Position& pos, const bpgn::RuleSet& rules) {
  return pos.broken_invariant(rules.promotion == bpgn::Promotion::FromHolding, rules.pawn_drop_allowed_on(1));
}

// A file in memory (memfd) holding the bytes, reachable by a path (/proc/self/fd/N) that the
// subcommands open, reopen and read like any file. Nothing lands on disk.
class MemFile {
 public:
  explicit MemFile(std::string_view bytes) {
    fd_ = ::memfd_create("bpgn-fuzz", MFD_CLOEXEC);
    require(fd_ >= 0, "memfd_create failed");
    std::size_t done = 0;
    while (done < bytes.size()) {
      const ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
      require(n > 0, "write to memfd failed");
      done += static_cast<std::size_t>(n);
    }
    path_ = "/proc/self/fd/" + std::to_string(fd_);
  }
  ~MemFile() { ::close(fd_); }
  MemFile(const MemFile&) = delete;
  MemFile& operator=(const MemFile&) = delete;
  const std::string& path() const { return path_; }

 private:
  int fd_ = -1;
  std::string path_;
};

// Lines of a text: the count of LF plus one.
inline std::size_t line_count(std::string_view text) {
  std::size_t lines = 1;
  for (char c : text) lines += c == '\n';
  return lines;
}

}  // namespace bpgn::fuzz
