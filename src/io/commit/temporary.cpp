#include "io/commit/temporary.h"

#include "io/commit/temp_files.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <filesystem>

namespace bpgn {

namespace fs = std::filesystem;

std::string temporary_name(const std::string& target, int n) {
  const fs::path path(target);
  const std::string name = path.filename().string();
  const std::string leaf = (name.size() <= 200 ? "." + name : std::string()) + ".bpgn-" + std::to_string(::getpid()) +
                           "-" + std::to_string(n) + ".tmp";
  return (path.parent_path() / leaf).string();
}

bool is_temporary_name(const std::string& leaf) {
  // [.NAME].bpgn-PID-N.tmp
  const std::string::size_type at = leaf.rfind(".bpgn-");
  if (at == std::string::npos || leaf.size() < 4 || leaf.compare(leaf.size() - 4, 4, ".tmp") != 0) return false;
  if (at != 0 && leaf[0] != '.') return false;
  const std::string numbers = leaf.substr(at + 6, leaf.size() - 4 - at - 6);  // PID-N
  const std::string::size_type dash = numbers.find('-');
  const auto digits = [](const std::string& s) { return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos; };
  return dash != std::string::npos && digits(numbers.substr(0, dash)) && digits(numbers.substr(dash + 1));
}

Temporary make_temporary(const std::string& target, const std::function<int(const std::string&)>& make, std::string* tried) {
  guard_temporary_files();
  Temporary temp;
  temp.error = EEXIST;
  for (int n = 0; n < 100; ++n) {
    const std::string candidate = temporary_name(target, n);
    if (tried) *tried = candidate;
    const int error = make(candidate);
    if (error == 0) {
      temp.path = candidate;
      temp.slot = remember_temporary_file(candidate.c_str());
      temp.error = 0;
      return temp;
    }
    temp.error = error;
    if (error != EEXIST) break;
  }
  return temp;
}

int rename_temporary(Temporary& temp, const std::string& target) {
  if (::rename(temp.path.c_str(), target.c_str()) != 0) return errno;
  keep_temporary(temp);  // after the rename: a signal before it still removes the entry
  return 0;
}

void remove_temporary(Temporary& temp) {
  if (temp.path.empty()) return;
  // A folder's files are removed by its owner first (AtomicFolder).
  if (::unlink(temp.path.c_str()) != 0) ::rmdir(temp.path.c_str());
  forget_temporary_file(temp.slot);
  temp.slot = -1;
  temp.path.clear();
}

Temporary adopt_made_file(const std::string& path) {
  guard_temporary_files();
  Temporary temp;
  temp.path = path;
  temp.slot = remember_temporary_file(path.c_str());
  return temp;
}

void keep_temporary(Temporary& temp) {
  forget_temporary_file(temp.slot);
  temp.slot = -1;
  temp.path.clear();
}

}  // namespace bpgn
