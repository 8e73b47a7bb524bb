#include "pipeline/input/folder_walk.h"

#include <dirent.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <string_view>

namespace bpgn {
namespace {

bool matches(const std::string& name, const std::vector<std::string>& patterns) {
  return std::any_of(patterns.begin(), patterns.end(),
                     [&](const std::string& p) { return ::fnmatch(p.c_str(), name.c_str(), 0) == 0; });
}

// One name in a folder, as the walk orders it: a folder's key ends in '/', so that sorting the
// keys of one folder orders the paths under them as sorting the whole paths would ("a-b.pgn"
// before "a/x.pgn", as '-' < '/').
struct Entry {
  std::string key;
  enum Kind { File, Folder, Unknown } kind;
  bool operator<(const Entry& other) const { return key < other.key; }
};

std::string joined_path(const std::string& folder, std::string_view name) {
  std::string path = folder;
  if (path.empty() || path.back() != '/') path += '/';
  path += name;
  return path;
}

// The names in `folder` (its regular files matching `patterns`, and with `recursive` its
// subfolders), sorted; the folder is open only while it is read. 0, or the errno that stopped it.
// Symbolic links to files count as files; links to folders, devices, FIFOs and sockets are passed over.
int read_folder(const std::string& folder, bool top, const std::vector<std::string>& patterns, bool recursive,
                std::vector<Entry>& entries) {
  entries.clear();
  // Subfolders are opened without following a link (one put there while the walk runs).
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC | (top ? 0 : O_NOFOLLOW));
  if (fd < 0) return errno;
  DIR* dir = ::fdopendir(fd);
  if (!dir) {
    const int e = errno;
    ::close(fd);
    return e;
  }
  const auto wanted = [&](const char* name) { return patterns.empty() || matches(name, patterns); };
  int error = 0;
  for (;;) {
    errno = 0;
    const dirent* d = ::readdir(dir);
    if (!d) {
      error = errno;
      break;
    }
    const std::string_view name = d->d_name;
    if (name == "." || name == "..") continue;
    unsigned char type = d->d_type;
    struct stat st {};
    if (type == DT_UNKNOWN) {  // file systems that do not say: ask
      if (::fstatat(fd, d->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
        entries.push_back({std::string(name), Entry::Unknown});  // opening it will say why
        continue;
      }
      type = S_ISDIR(st.st_mode) ? DT_DIR : S_ISREG(st.st_mode) ? DT_REG : S_ISLNK(st.st_mode) ? DT_LNK : DT_UNKNOWN;
    }
    if (type == DT_LNK) {  // a link counts as what it names when that is a file; a broken link is nothing
      type = ::fstatat(fd, d->d_name, &st, 0) == 0 && S_ISREG(st.st_mode) ? DT_REG : DT_UNKNOWN;
    }
    if (type == DT_REG && wanted(d->d_name)) entries.push_back({std::string(name), Entry::File});
    if (type == DT_DIR && recursive) entries.push_back({std::string(name) + '/', Entry::Folder});
  }
  ::closedir(dir);
  if (error) {
    entries.clear();
    return error;
  }
  std::sort(entries.begin(), entries.end());
  return 0;
}

}  // namespace

FolderFiles folder_files(const std::string& folder, const std::vector<std::string>& patterns, bool recursive,
                         std::vector<std::string>& files) {
  FolderFiles counts;
  // Depth first, one folder open at a time: each level keeps the sorted names of its folder and
  // where the walk is in them, and `path` is the folder being listed.
  struct Level {
    std::vector<Entry> entries;
    std::size_t next = 0;
    std::size_t path_size = 0;  // of the parent's path, restored when the level is left
  };
  std::vector<Level> levels(1);
  std::string path = folder;
  if (read_folder(path, true, patterns, recursive, levels.back().entries) != 0) {
    files.push_back(folder);  // the folder itself cannot be read: opening it says why
    ++counts.unread;
    return counts;
  }
  levels.back().path_size = path.size();
  std::vector<Entry> entries;
  while (!levels.empty()) {
    Level& level = levels.back();
    if (level.next == level.entries.size()) {
      path.resize(level.path_size);
      levels.pop_back();
      continue;
    }
    const Entry& entry = level.entries[level.next++];
    const std::size_t parent_size = path.size();
    if (entry.kind != Entry::Folder) {
      files.push_back(joined_path(path, entry.key));
      ++(entry.kind == Entry::File ? counts.files : counts.unread);
      continue;
    }
    std::string sub = joined_path(path, std::string_view(entry.key).substr(0, entry.key.size() - 1));
    if (read_folder(sub, false, patterns, recursive, entries) != 0) {
      // Past PATH_MAX (ENAMETOOLONG), without permission (EACCES), gone meanwhile (ENOENT): the
      // folder is listed where its files would be, and opening it fails the same way.
      files.push_back(std::move(sub));
      ++counts.unread;
      continue;
    }
    path = std::move(sub);
    levels.push_back(Level{std::move(entries), 0, parent_size});
    entries = {};
  }
  return counts;
}

}  // namespace bpgn
