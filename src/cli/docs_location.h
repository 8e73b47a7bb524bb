// Where the installed docs are, for the SARIF report's help links (docs/check.md, SARIF).
#pragma once

#include <string>
#include <string_view>

namespace bpgn {

// The docs of an installed tree, as a file:// URI, from the path of the running binary: a binary in
// `<prefix>/<bindir>` has its docs in `<prefix>/<docdir>` (wherever the tree was installed or
// unpacked: `cmake --install --prefix`, the Debian package's /usr). Empty when the binary is not in
// a folder named as `bindir` (a build folder). Pure: no file is looked at.
std::string installed_docs_uri(std::string_view executable, std::string_view bindir, std::string_view docdir);

// The docs for the running binary: what -DBPGN_DOCS_URI said when building, else
// installed_docs_uri of /proc/self/exe with the configured GNU install folders, else the
// configured prefix's docs (kDefaultDocsUri holds the first and the last).
std::string docs_uri();

}  // namespace bpgn
