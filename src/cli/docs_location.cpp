#include "cli/docs_location.h"

#include "output/report_sarif.h"

#include <filesystem>
#include <system_error>
#include <vector>

// Set by cmake/install.cmake (GNUInstallDirs); these defaults keep a build without it working.
#ifndef BPGN_INSTALL_BINDIR
#define BPGN_INSTALL_BINDIR "bin"
#endif
#ifndef BPGN_INSTALL_DOCDIR
#define BPGN_INSTALL_DOCDIR "share/doc/bpgn"
#endif
#ifndef BPGN_DOCS_URI_GIVEN
#define BPGN_DOCS_URI_GIVEN 0
#endif

namespace bpgn {

std::string installed_docs_uri(std::string_view executable, std::string_view bindir, std::string_view docdir) {
  namespace fs = std::filesystem;
  const fs::path exe(executable);
  const fs::path bin(bindir);
  if (!exe.is_absolute() || bin.empty() || bin.is_absolute() || docdir.empty()) return "";
  // Walk up bindir's components ("bin", or e.g. "games/bin") from the binary's folder.
  fs::path prefix = exe.parent_path();
  std::vector<fs::path> parts(bin.begin(), bin.end());
  for (auto it = parts.rbegin(); it != parts.rend(); ++it) {
    if (prefix.filename() != *it) return "";
    prefix = prefix.parent_path();
  }
  const fs::path docs = fs::path(docdir).is_absolute() ? fs::path(docdir) : prefix / docdir;
  return sarif_artifact_uri(docs.lexically_normal().string());
}

std::string docs_uri() {
  std::string installed;
  std::error_code error;
  if (!BPGN_DOCS_URI_GIVEN) {
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", error);
    if (!error) installed = installed_docs_uri(exe.string(), BPGN_INSTALL_BINDIR, BPGN_INSTALL_DOCDIR);
  }
  return installed.empty() ? std::string(kDefaultDocsUri) : installed;
}

}  // namespace bpgn
