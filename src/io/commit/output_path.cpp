#include "io/commit/output_path.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace bpgn {
namespace {

// As many links as the kernel follows in one path (Linux's limit) before it says ELOOP.
constexpr int kMaxLinks = 40;

OutputPath::Kind kind_of(mode_t mode) {
  if (S_ISREG(mode)) return OutputPath::Kind::File;
  if (S_ISDIR(mode)) return OutputPath::Kind::Folder;
  return OutputPath::Kind::Device;
}

}  // namespace

OutputPath resolve_output_path(const std::string& path) {
  namespace fs = std::filesystem;
  OutputPath out;
  out.named = path;
  std::string at = path;
  for (int links = 0;; ++links) {
    struct stat st {};
    if (::lstat(at.c_str(), &st) != 0) {
      if (errno == ELOOP) out.error = "a loop of symbolic links";
      break;  // missing: made where `at` says (or opening it says why not)
    }
    if (!S_ISLNK(st.st_mode)) {
      out.kind = kind_of(st.st_mode);
      break;
    }
    if (links == kMaxLinks) {
      out.error = "a loop of symbolic links";
      break;
    }
    std::string target(std::size_t(st.st_size > 0 ? st.st_size : 4096) + 1, '\0');
    const ssize_t n = ::readlink(at.c_str(), target.data(), target.size());
    if (n < 0 || std::size_t(n) >= target.size()) break;  // changed meanwhile: written as it is
    target.resize(std::size_t(n));
    // A relative target is relative to the link's own folder.
    const fs::path link(at);
    at = fs::path(target).is_absolute() || !link.has_parent_path() ? target : (link.parent_path() / target).string();
  }
  out.written = at;
  return out;
}

}  // namespace bpgn
