#include "io/commit/atomic_folder.h"

#include "io/commit/output_path.h"
#include "io/commit/temp_files.h"
#include "io/commit/temporary.h"
#include "text/visible_text.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <system_error>

namespace bpgn {
namespace {

namespace fs = std::filesystem;

void sync_folder(const fs::path& folder) {
  // Best effort: some file systems refuse to sync a folder.
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0) {
    (void)::fsync(fd);
    ::close(fd);
  }
}

// The target as named, less trailing slashes (`lnk/` would be the folder the link names already).
std::string without_trailing_slashes(const std::string& target) {
  std::string named = target;
  while (named.size() > 1 && named.back() == '/') named.pop_back();
  return named;
}

}  // namespace

std::string why_not_a_new_folder(const std::string& path) {
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (ec || !fs::exists(st)) return {};
  if (!fs::is_directory(st)) return shown_path(path) + " exists and is not a folder";
  if (!fs::is_empty(path, ec) && !ec) return "the folder " + shown_path(path) + " is not empty";
  return {};
}

AtomicFolder::AtomicFolder(const std::string& target) : target_(target) {
  // Made with the claim of a file (io/commit/output_path.h): a symbolic link is followed and kept,
  // the folder made where it leads (its empty folder replaced, or made when the link dangles).
  const OutputPath resolved = resolve_output_path(without_trailing_slashes(target));
  if (!resolved.error.empty()) {
    fail("cannot make " + shown_path(target) + ": " + resolved.error);
    return;
  }
  made_ = resolved.written;
  // Its parent gets the temporary folder.
  fs::path named = fs::path(made_).lexically_normal();
  if (!named.has_filename()) named = named.parent_path();
  const fs::path parent = named.parent_path().empty() ? fs::path(".") : named.parent_path();
  const std::string name = named.filename().string();
  std::string candidate;
  tmp_ = make_temporary(
      (parent / name).string(), [](const std::string& path) { return ::mkdir(path.c_str(), 0777) == 0 ? 0 : errno; },
      &candidate);
  if (!tmp_.path.empty()) {
    temp_ = tmp_.path;
    opened_ = true;
  } else if (tmp_.error != EEXIST) {
    const int code = tmp_.error;
    struct stat st {};
    if (code == ENOENT && ::stat(parent.c_str(), &st) != 0) {
      fail("cannot make " + shown_path(target) + ": the folder " + shown_path(parent.string()) + " does not exist");
    } else {
      fail("cannot make a temporary folder beside " + shown_path(target) + " (" + shown_path(candidate) +
           "): " + std::strerror(code));
    }
  } else {
    fail("cannot make a temporary folder beside " + shown_path(target) + ": " + std::strerror(EEXIST));
  }
}

AtomicFolder::~AtomicFolder() { discard(); }

void AtomicFolder::fail(std::string text) {
  if (error_.empty()) error_ = std::move(text) + "; " + shown_path(target_) + " was not made";
}

std::ostream* AtomicFolder::add(const std::string& name) {
  if (!opened() || done_) return nullptr;
  auto file = std::make_unique<AtomicFile>((fs::path(temp_) / name).string());
  if (!file->opened()) {
    fail("cannot write " + shown_path((fs::path(target_) / name).string()) + " (" + file->error() + ")");
    return nullptr;
  }
  files_.push_back(std::move(file));
  names_.push_back(name);
  return &files_.back()->stream();
}

bool AtomicFolder::commit() {
  if (!opened() || done_ || !error_.empty()) {
    discard();
    return false;
  }
  for (std::size_t i = 0; i < files_.size(); ++i) {
    if (!files_[i]->finish()) {
      fail("cannot write " + shown_path((fs::path(target_) / names_[i]).string()) + ": " + files_[i]->error());
      discard();
      return false;
    }
  }
  {
    const SignalsHeld held;  // the files are renamed inside the folder, then the folder: all or nothing
    for (std::size_t i = 0; i < files_.size(); ++i) {
      if (!files_[i]->commit()) {
        fail(files_[i]->error());
        discard();
        return false;
      }
    }
    sync_folder(temp_);
    if (const int code = rename_temporary(tmp_, made_); code != 0) {
      fail(code == ENOTEMPTY || code == EEXIST || code == ENOTDIR
               ? "cannot make " + shown_path(target_) + ": " + why_not_a_new_folder(target_)
               : "cannot make " + shown_path(target_) + ": " + std::strerror(code));
      discard();
      return false;
    }
    done_ = true;
  }
  fs::path named = fs::path(made_).lexically_normal();
  if (!named.has_filename()) named = named.parent_path();
  sync_folder(named.parent_path().empty() ? fs::path(".") : named.parent_path());
  return true;
}

void AtomicFolder::discard() {
  if (done_ || !opened()) return;
  done_ = true;
  for (auto& file : files_) file->discard();  // the files not renamed yet
  for (const std::string& name : names_) ::unlink((fs::path(temp_) / name).c_str());  // those renamed
  remove_temporary(tmp_);
}

}  // namespace bpgn
