// The SARIF report's help links follow the installed tree the binary runs from.
#include "cli/docs_location.h"

#include <gtest/gtest.h>

namespace bpgn {
namespace {

TEST(DocsLocation, AnInstalledBinaryFindsTheDocsOfItsOwnTree) {
  EXPECT_EQ(installed_docs_uri("/usr/bin/bpgn", "bin", "share/doc/bpgn"), "file:///usr/share/doc/bpgn");
  EXPECT_EQ(installed_docs_uri("/opt/my tools/bin/bpgn", "bin", "share/doc/bpgn"),
            "file:///opt/my%20tools/share/doc/bpgn");
  // Other GNU install folders, and an absolute docdir.
  EXPECT_EQ(installed_docs_uri("/usr/games/bin/bpgn", "games/bin", "share/doc/bpgn"), "file:///usr/share/doc/bpgn");
  EXPECT_EQ(installed_docs_uri("/usr/local/bin/bpgn", "bin", "/srv/docs/bpgn"), "file:///srv/docs/bpgn");
}

TEST(DocsLocation, ABinaryOutsideAnInstalledTreeHasNone) {
  EXPECT_EQ(installed_docs_uri("/work/main/build/bpgn", "bin", "share/doc/bpgn"), "");
  EXPECT_EQ(installed_docs_uri("/usr/games/bpgn", "games/bin", "share/doc/bpgn"), "");
  EXPECT_EQ(installed_docs_uri("bin/bpgn", "bin", "share/doc/bpgn"), "");  // not an absolute path
  EXPECT_EQ(installed_docs_uri("/usr/bin/bpgn", "/usr/bin", "share/doc/bpgn"), "");
}

}  // namespace
}  // namespace bpgn
