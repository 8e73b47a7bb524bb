#include "pipeline/output/file_claims.h"

#include "pipeline/run/command_error.h"
#include "io/commit/output_path.h"
#include "text/visible_text.h"

#include <sys/stat.h>

#include <filesystem>
#include <system_error>

namespace bpgn {
namespace {

namespace fs = std::filesystem;

std::string absolute_resolved(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(path, ec), ec);
  return ec ? fs::absolute(path).lexically_normal().string() : p.string();
}

}  // namespace

FileClaims::Claim FileClaims::identify(const std::string& path) {
  Claim c;
  c.path = path;
  // Through the one resolution of an output path: a dangling link is the file it names, so that
  // `-o X --summary-json Xlink` is two names for one file before either exists.
  const OutputPath resolved = resolve_output_path(path);
  const std::string& at = resolved.error.empty() ? resolved.written : path;
  struct stat st {};
  if (::stat(at.c_str(), &st) == 0) {
    c.exists = true;
    c.dev = st.st_dev;
    c.ino = st.st_ino;
  } else {
    c.resolved = absolute_resolved(at);
  }
  return c;
}

bool FileClaims::same(const Claim& a, const Claim& b) {
  return a.exists ? b.exists && a.dev == b.dev && a.ino == b.ino : !b.exists && a.resolved == b.resolved;
}

bool same_file(const std::string& a, const std::string& b) {
  if (a == "-" || b == "-" || a.empty() || b.empty()) return false;
  return FileClaims::same(FileClaims::identify(a), FileClaims::identify(b));
}

void FileClaims::input(const std::string& path, std::string_view what) {
  if (path.empty() || path == "-") return;
  Claim c = identify(path);
  c.what = what;
  // An input claimed after the outputs (an option file read late, such as --adjudications) is held
  // to them as well: the order of the claims never lets an output land on an input.
  for (const Claim& other : claims_) {
    if (!other.output || !same(c, other)) continue;
    throw UsageError(other.what + " " + shown_path(other.path) + " is " + std::string(what) + " " + shown_path(path) +
                     " (the same file); writing it would destroy the input, so nothing was done");
  }
  claims_.push_back(std::move(c));
}

void FileClaims::inputs(const std::vector<std::string>& paths) {
  for (const std::string& p : paths) input(p);
}

void FileClaims::output(const std::string& path, std::string_view option, std::string_view hint) {
  if (path.empty() || path == "-") return;
  if (const OutputPath resolved = resolve_output_path(path); !resolved.error.empty())
    throw IoError("cannot write " + std::string(option) + " " + shown_path(path) + ": it is " + resolved.error +
                  ", so nothing was done");
  struct stat st {};
  // A device, a FIFO or a socket is written directly and holds nothing to lose.
  if (::stat(path.c_str(), &st) == 0 && (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode))) return;
  Claim c = identify(path);
  c.what = option;
  c.output = true;
  for (const Claim& other : claims_) {
    if (!same(c, other)) continue;
    if (other.output) throw UsageError(std::string(option) + " " + shown_path(path) + " and " + other.what + " " + shown_path(other.path) +
                                       " name the same file");
    std::string message = std::string(option) + " " + shown_path(path) + " is " + other.what + " " + shown_path(other.path) +
                          " (the same file); writing it would destroy the input, so nothing was done";
    if (!hint.empty() && other.what == "the input") message += "; " + std::string(hint);
    throw UsageError(message);
  }
  claims_.push_back(std::move(c));
}

}  // namespace bpgn
