// Folders thousands of levels deep: walked with bounded memory and one folder open at a time;
// a folder whose path is longer than PATH_MAX is an input error of that folder (issue 22).
#include "robustness/robustness_support.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <climits>
#include <deque>

namespace bpgn::robustness {
namespace {

const std::string kGame = "[Event \"t\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";

// root/d/d/d/... `levels` folders deep, made relative to the parent's descriptor (the path soon
// passes PATH_MAX), with a record g.pgn in every level divisible by `every`.
void make_chain(const std::string& root, int levels, int every) {
  ASSERT_EQ(::mkdir(root.c_str(), 0755), 0);
  int fd = ::open(root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  for (int level = 0; level < levels; ++level) {
    if (level % every == 0) {
      const int file = ::openat(fd, "g.pgn", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
      ASSERT_GE(file, 0);
      ASSERT_EQ(::write(file, kGame.data(), kGame.size()), ssize_t(kGame.size()));
      ::close(file);
    }
    ASSERT_EQ(::mkdirat(fd, "d", 0755), 0);
    const int next = ::openat(fd, "d", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    ::close(fd);
    ASSERT_GE(next, 0);
    fd = next;
  }
  ::close(fd);
}

struct LimitedRun {
  int code = -1;         // exit code; -1 when killed by a signal
  long peak_rss_kb = -1;  // the program's own peak resident set; -1 when not measured
};

// The built program under `ulimit -n max_files`, standard output and error to files. Its peak
// RSS is measured by /usr/bin/time (GNU time, -f %M), which forks it from a small process: the
// rusage of a child forked from this test process would count this process's pages too.
LimitedRun run_with_file_limit(const std::vector<std::string>& args, const std::string& out_path,
                               const std::string& err_path, rlim_t max_files) {
  const std::string rss_path = out_path + ".rss";
  const bool timed = ::access("/usr/bin/time", X_OK) == 0;
  std::vector<std::string> argv_strings;
  if (timed) argv_strings = {"/usr/bin/time", "-f", "%M", "-o", rss_path};
  argv_strings.push_back(BPGN_BINARY);
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : argv_strings) argv.push_back(a.data());
  argv.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid == 0) {
    struct rlimit limit {};
    ::getrlimit(RLIMIT_NOFILE, &limit);
    limit.rlim_cur = std::min(max_files, limit.rlim_max);
    const int in = ::open("/dev/null", O_RDONLY);
    const int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || out < 0 || err < 0 || ::setrlimit(RLIMIT_NOFILE, &limit) != 0) ::_exit(126);
    ::dup2(in, 0);
    ::dup2(out, 1);
    ::dup2(err, 2);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  LimitedRun run;
  int status = 0;
  if (pid < 0 || ::waitpid(pid, &status, 0) != pid) {
    ADD_FAILURE() << "cannot run " << BPGN_BINARY;
    return run;
  }
  if (WIFEXITED(status)) run.code = WEXITSTATUS(status);
  if (timed) {
    // GNU time writes "Command exited with non-zero status N" before the number when N != 0.
    std::istringstream lines(read_file(rss_path));
    for (std::string line; std::getline(lines, line);) {
      if (!line.empty() && std::isdigit(static_cast<unsigned char>(line[0]))) run.peak_rss_kb = std::stol(line);
    }
  }
  return run;
}

// A scratch folder in memory (/dev/shm) where there is one: thousands of mkdir on a busy disk
// take seconds.
class MemoryScratch {
 public:
  MemoryScratch() {
    const bool shm = ::access("/dev/shm", W_OK | X_OK) == 0;
    std::string pattern =
        ((shm ? std::filesystem::path("/dev/shm") : std::filesystem::temp_directory_path()) / "bpgn-test-XXXXXX")
            .string();
    if (::mkdtemp(pattern.data()) == nullptr) ADD_FAILURE() << "mkdtemp failed";
    path_ = pattern;
  }
  ~MemoryScratch() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  MemoryScratch(const MemoryScratch&) = delete;
  MemoryScratch& operator=(const MemoryScratch&) = delete;
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

struct DeepTree {
  MemoryScratch dir;
  std::string root;
  explicit DeepTree(int levels, int every) : root(dir / "deep") { make_chain(root, levels, every); }
  // std::filesystem::remove_all stops at PATH_MAX (and renaming levels up is slow: the kernel
  // walks the ancestors on each rename): the chain is removed from the bottom, by descriptors,
  // at most kWindow of them open, walking down from the top again for each window.
  ~DeepTree() {
    constexpr std::size_t kWindow = 256;
    for (bool from_top = false; !from_top;) {
      std::deque<int> fds;  // the deepest levels reached, the last one without a "d"
      const int top = ::open(root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      if (top < 0) return;
      fds.push_back(top);
      from_top = true;
      for (int next; (next = ::openat(fds.back(), "d", O_RDONLY | O_DIRECTORY | O_CLOEXEC)) >= 0;) {
        fds.push_back(next);
        if (fds.size() > kWindow) {
          ::close(fds.front());
          fds.pop_front();
          from_top = false;
        }
      }
      while (fds.size() > 1) {
        ::unlinkat(fds.back(), "g.pgn", 0);
        ::close(fds.back());
        fds.pop_back();
        ::unlinkat(fds.back(), "d", AT_REMOVEDIR);
      }
      ::close(fds.back());
    }
  }
};

TEST(DeepFolder, FifteenHundredLevelsAreReadWithSixtyFourDescriptors) {
  const DeepTree tree(1500, 500);
  ASSERT_LT(tree.root.size() + 2 * 1500, std::size_t(PATH_MAX));
  const LimitedRun run = run_with_file_limit({"check", "--format", "jsonl", tree.root}, tree.dir / "out.jsonl",
                                           tree.dir / "err.txt", 64);
  const std::string err = read_file(tree.dir / "err.txt");
  EXPECT_EQ(run.code, 0) << err;
  EXPECT_EQ(read_json_lines(tree.dir / "out.jsonl", false).lines, 3u) << err;
  if (!kSanitized && run.peak_rss_kb >= 0) EXPECT_LE(run.peak_rss_kb, 32 * 1024) << "peak RSS in KiB";
}

TEST(DeepFolder, PastPathMaxTheFolderIsAnInputErrorAndTheRestIsRead) {
  const DeepTree tree(3500, 250);
  // The first level whose folder path (root + "/d" per level) no longer fits in PATH_MAX.
  const std::size_t first_too_long = (std::size_t(PATH_MAX) - tree.root.size() + 1) / 2;
  std::size_t reachable = 0;  // records in the levels above it whose own path fits
  for (std::size_t level = 0; level < first_too_long; level += 250) {
    if (tree.root.size() + 2 * level + 6 < std::size_t(PATH_MAX)) ++reachable;
  }
  const LimitedRun run = run_with_file_limit({"check", "--format", "json", tree.root}, tree.dir / "out.json",
                                           tree.dir / "err.txt", 64);
  const std::string err = read_file(tree.dir / "err.txt");
  EXPECT_EQ(run.code, 3) << err;
  std::string folder = tree.root;
  for (std::size_t level = 0; level < first_too_long; ++level) folder += "/d";
  EXPECT_NE(err.find("bpgn check: cannot read " + folder + ": File name too long\n"), std::string::npos)
      << err.substr(0, 300);
  const std::string report = read_file(tree.dir / "out.json");
  EXPECT_NE(report.find("\"input_errors\":[{\"file\":\"" + folder + "\",\"message\":\"File name too long\"}]"),
            std::string::npos);
  EXPECT_NE(err.find(std::to_string(reachable) + " games read"), std::string::npos) << err.substr(err.size() - 300);
  if (!kSanitized && run.peak_rss_kb >= 0) EXPECT_LE(run.peak_rss_kb, 32 * 1024) << "peak RSS in KiB";
}

}  // namespace
}  // namespace bpgn::robustness
