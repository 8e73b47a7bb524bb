// zlib, liblzma and libarchive are opened by the first input that needs them (io/libraries.h): a
// start and a plain input load none of them, each compressed input loads its own, and an input
// whose library cannot be loaded is an input error that names the file and the library.
#include "io/libraries.h"
#include "io/sqlite_library.h"

#include "cli/binary_run.h"
#include "io/archive_fixture.h"
#include "support/scratch_dir.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>

namespace bpgn {
namespace {

using check_test::BinaryRun;
using check_test::run_binary;
using test::Container;
using test::Filter;

// Every pointer of a loaded table is set (a lookup that failed quietly would crash at its call).
#define EXPECT_SET(name) EXPECT_NE(table.name, nullptr) << #name;

TEST(Libraries, EachLoadsWithEveryFunctionBpgnCalls) {
  std::string why;
  {
    Zlib table;
    ASSERT_TRUE(load_library(Zlib::file(), table, why)) << why;
    BPGN_ZLIB_FUNCTIONS(EXPECT_SET)
  }
  {
    Lzma table;
    ASSERT_TRUE(load_library(Lzma::file(), table, why)) << why;
    BPGN_LZMA_FUNCTIONS(EXPECT_SET)
  }
  {
    Libarchive table;
    ASSERT_TRUE(load_library(Libarchive::file(), table, why)) << why;
    BPGN_LIBARCHIVE_FUNCTIONS(EXPECT_SET)
  }
  {
    Sqlite table;
    ASSERT_TRUE(load_library(Sqlite::file(), table, why)) << why;
    BPGN_SQLITE_FUNCTIONS(EXPECT_SET)
  }
  // Loaded once: the same table every time.
  EXPECT_NE(library<Libarchive>(), nullptr);
  EXPECT_EQ(library<Libarchive>(), library<Libarchive>());
}

TEST(Libraries, AMissingLibraryOrFunctionIsToldWhy) {
  std::string why;
  Zlib zlib;
  EXPECT_FALSE(load_library("libbpgn-no-such-library.so.0", zlib, why));
  EXPECT_NE(why.find("libbpgn-no-such-library.so.0"), std::string::npos) << why;
  // zlib under libarchive's name: it lacks libarchive's first function.
  Libarchive archive;
  why.clear();
  EXPECT_FALSE(load_library(Zlib::file(), archive, why));
  EXPECT_EQ(why, std::string(Zlib::file()) + " lacks the function archive_read_new (an older version?)");
}

// The libraries the dynamic loader opened during a run (LD_DEBUG=files writes each to the run's
// standard error as "file=NAME [0];  needed by ..." or "... dynamically loaded by ...").
BinaryRun run_traced(const std::string& args) {
  ::setenv("LD_DEBUG", "files", 1);
  BinaryRun r = run_binary(args);
  ::unsetenv("LD_DEBUG");
  return r;
}

bool loaded(const BinaryRun& r, const std::string& soname) {
  return r.err.find("file=" + soname) != std::string::npos ||
         r.err.find("/" + soname + " [") != std::string::npos;
}

TEST(Libraries, AStartAndAPlainInputLoadNone) {
  test::ScratchDir dir;
  const std::string plain = (dir / "g.pgn").string();
  std::ofstream(plain) << "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 *\n";
  for (const std::string& args : {std::string("--version"), "check --rules chess '" + plain + "'"}) {
    const BinaryRun r = run_traced(args);
    EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
    // The trace works: the C library is always there.
    EXPECT_TRUE(loaded(r, "libc.so.6")) << r.err;
    for (const char* soname : {Zlib::file(), Lzma::file(), Libarchive::file(), Sqlite::file()}) {
      EXPECT_FALSE(loaded(r, soname)) << args << " loads " << soname;
    }
  }
}

TEST(Libraries, AnArchiveLoadsSqliteAndAMissingSqliteIsAnOutputError) {
  test::ScratchDir dir;
  const std::string plain = (dir / "g.pgn").string(), db = (dir / "a.sqlite").string();
  std::ofstream(plain) << "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 *\n";
  const BinaryRun made = run_traced("convert --rules chess '" + plain + "' --to sqlite -o '" + db + "'");
  EXPECT_EQ(made.exit_code, 0) << made.err;
  EXPECT_TRUE(loaded(made, Sqlite::file())) << made.err;
  // An empty file by SQLite's name, found first: the archive cannot be written, exit 3, and the
  // message names the library; nothing is left behind.
  std::filesystem::create_directory(dir / "lib");
  std::ofstream(dir / "lib" / Sqlite::file()).close();
  const std::string other = (dir / "b.sqlite").string();
  ::setenv("LD_LIBRARY_PATH", (dir / "lib").c_str(), 1);
  const BinaryRun r = run_binary("convert --rules chess '" + plain + "' --to sqlite -o '" + other + "'");
  ::unsetenv("LD_LIBRARY_PATH");
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.err.find(Sqlite::file()), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(other));
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path())) ++entries;
  EXPECT_EQ(entries, 3u);  // g.pgn, a.sqlite, lib: no temporary file
}

TEST(Libraries, EachCompressedInputLoadsItsOwn) {
  test::ScratchDir dir;
  const std::string text = "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 *\n";
  struct Case {
    std::string name;
    Filter filter;
    Container container;
    const char* needs;
  };
  const Case cases[] = {{"g.pgn.gz", Filter::Gzip, Container::Raw, Zlib::file()},
                        {"g.pgn.xz", Filter::Xz, Container::Raw, Lzma::file()},
                        {"g.pgn.bz2", Filter::Bzip2, Container::Raw, Libarchive::file()},
                        {"g.zip", Filter::None, Container::Zip, Libarchive::file()}};
  for (const Case& c : cases) {
    const std::string path = (dir / c.name).string();
    test::write_archive(path, c.filter, c.container, {{"g.pgn", text}});
    const BinaryRun r = run_traced("check --rules chess '" + path + "'");
    EXPECT_EQ(r.exit_code, 0) << c.name << "\n" << r.err;
    EXPECT_TRUE(loaded(r, c.needs)) << c.name << " does not load " << c.needs;
    // libarchive links zlib and liblzma itself; gzip and xz need neither libarchive nor the other.
    if (c.needs == Libarchive::file()) continue;
    for (const char* soname : {Zlib::file(), Lzma::file(), Libarchive::file()}) {
      if (soname != c.needs) EXPECT_FALSE(loaded(r, soname)) << c.name << " loads " << soname;
    }
  }
}

TEST(Libraries, AnInputWhoseLibraryCannotBeLoadedIsAnInputError) {
  test::ScratchDir dir;
  const std::string text = "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 *\n";
  const std::string zip = (dir / "g.zip").string(), plain = (dir / "g.pgn").string();
  test::write_archive(zip, Filter::None, Container::Zip, {{"g.pgn", text}});
  std::ofstream(plain) << text;
  // An empty file by libarchive's name, found first by the dynamic loader: not a library.
  std::filesystem::create_directory(dir / "lib");
  std::ofstream(dir / "lib" / Libarchive::file()).close();
  ::setenv("LD_LIBRARY_PATH", (dir / "lib").c_str(), 1);
  const BinaryRun r = run_binary("check --rules chess '" + plain + "' '" + zip + "'");
  ::unsetenv("LD_LIBRARY_PATH");
  EXPECT_EQ(r.exit_code, 3) << r.err;
  // The plain input is read; the archive is refused with the library's name and the reason.
  EXPECT_NE(r.out.find(plain + ":1:1: outcome"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("bpgn check: cannot read " + zip + ": zip archive needs the library " +
                       Libarchive::file() + ", which cannot be loaded ("),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("1 game read: 1 valid"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace bpgn
