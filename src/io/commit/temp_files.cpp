#include "io/commit/temp_files.h"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <climits>
#include <cstring>
#include <mutex>

namespace bpgn {
namespace {

// A slot: Free, Filling (its path being copied in), Live (the handler removes it).
enum : int { kFree = 0, kFilling = 1, kLive = 2 };
constexpr int kSlots = 64;

struct Slot {
  std::atomic<int> state{kFree};
  char path[PATH_MAX]{};
};
// Zero at load time (constinit: no initialiser runs at start, which touched all 64 slots' 260 KB,
// a page fault each, at every start).
constinit Slot g_slots[kSlots];

// The run: Running, Holding (a group of outputs is being renamed), Ending (a signal removes the
// temporary files and ends the process).
enum : int { kRunning = 0, kHolding = 1, kEnding = 2 };
std::atomic<int> g_run{kRunning};
std::atomic<int> g_pending{0};  // a signal that came while Holding

static_assert(std::atomic<int>::is_always_lock_free, "the signal handler needs lock-free atomics");

constexpr int kEndingSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGABRT};

// Files first, then folders (io/commit/atomic_folder.h): a folder's files are removed before it,
// whatever their slots; unlink fails on a folder, rmdir on a file.
void remove_all() {
  for (Slot& slot : g_slots) {
    if (slot.state.load() == kLive) ::unlink(slot.path);
  }
  for (Slot& slot : g_slots) {
    if (slot.state.load() == kLive) ::rmdir(slot.path);
  }
}

// Only async-signal-safe calls from here on: unlink, rmdir, sigaction, raise.
[[noreturn]] void end_with(int signal_number) {
  remove_all();
  struct sigaction action {};
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  ::sigaction(signal_number, &action, nullptr);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signal_number);
  ::pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
  ::raise(signal_number);
  ::_exit(128 + signal_number);  // not reached: the default action of these signals ends the process
}

void on_signal(int signal_number) {
  int expected = kRunning;
  if (!g_run.compare_exchange_strong(expected, kEnding) && expected == kHolding) {
    // The renaming thread ends the process when it is done; unless it was done meanwhile.
    g_pending.store(signal_number);
    if (g_run.load() == kHolding) return;
    if (g_pending.exchange(0) == 0) return;  // the renaming thread took it
  }
  g_run.store(kEnding);
  end_with(signal_number);
}

}  // namespace

void guard_temporary_files() {
  static std::once_flag once;
  std::call_once(once, [] {
    ::signal(SIGXFSZ, SIG_IGN);
    for (int signal_number : kEndingSignals) {
      struct sigaction old {};
      if (::sigaction(signal_number, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
      struct sigaction action {};
      action.sa_handler = on_signal;
      sigemptyset(&action.sa_mask);
      for (int other : kEndingSignals) sigaddset(&action.sa_mask, other);
      ::sigaction(signal_number, &action, nullptr);
    }
  });
}

int remember_temporary_file(const char* path) {
  guard_temporary_files();
  const std::size_t size = std::strlen(path);
  if (size >= PATH_MAX) return -1;
  for (int i = 0; i < kSlots; ++i) {
    int expected = kFree;
    if (!g_slots[i].state.compare_exchange_strong(expected, kFilling)) continue;
    std::memcpy(g_slots[i].path, path, size + 1);
    g_slots[i].state.store(kLive);
    return i;
  }
  return -1;
}

void forget_temporary_file(int slot) {
  if (slot >= 0 && slot < kSlots) g_slots[slot].state.store(kFree);
}

SignalsHeld::SignalsHeld() {
  int expected = kRunning;
  if (g_run.compare_exchange_strong(expected, kHolding)) return;
  // A signal is ending the process in another thread: wait for it, renaming nothing.
  for (;;) ::pause();
}

SignalsHeld::~SignalsHeld() {
  int expected = kHolding;
  g_run.compare_exchange_strong(expected, kRunning);
  if (const int signal_number = g_pending.exchange(0); signal_number != 0) {
    g_run.store(kEnding);
    end_with(signal_number);
  }
}

}  // namespace bpgn
