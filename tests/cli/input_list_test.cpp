// Inputs named on the command line: folders searched recursively, --include, --files-from.
#include "cli/binary_run.h"
#include "cli/input_list.h"
#include "support/scratch_dir.h"

#include <fstream>

namespace bpgn::check_test {
namespace {

namespace fs = std::filesystem;

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << text;
}

// A folder: two records at the top, one two folders down, a text file and a JSON file.
struct Archive {
  test::ScratchDir dir;
  Archive() {
    write(dir / "b.bpgn", bpgn("1A. e4 1a. e5"));
    write(dir / "a.pgn", pgn("1. e4 e5"));
    write(dir / "2019/03/c.bpgn", bpgn("1A. d4 1a. d5") + "\n" + bpgn("1A. c4"));
    write(dir / "notes.txt", "not a record\n");
    write(dir / "2019/index.json", "{}\n");
  }
  std::string operator()(const std::string& name) const { return (dir / name).string(); }
};

TEST(InputList, FoldersGiveTheirRecordFilesInPathOrder) {
  const Archive a;
  const InputList l = expand_inputs({a("")}, {});
  // Path order: "2019/..." sorts before "a.pgn" and "b.bpgn".
  EXPECT_EQ(l.files, (std::vector<std::string>{a("2019/03/c.bpgn"), a("a.pgn"), a("b.bpgn")}));
  EXPECT_TRUE(l.errors.empty());
  EXPECT_TRUE(l.notes.empty());
}

TEST(InputList, FoldersGiveCompressedRecordsAndArchivesToo) {
  test::ScratchDir dir;
  for (const char* name : {"a.bpgn.gz", "b.PGN.zst", "c.zip", "d.tar.xz", "e.tgz", "f.BPGN", "g.txt.gz", "h.json"}) {
    write(dir / name, "x");
  }
  const std::string d = dir.path().string();
  EXPECT_EQ(expand_inputs({d}, {}).files,
            (std::vector<std::string>{d + "/a.bpgn.gz", d + "/b.PGN.zst", d + "/c.zip", d + "/d.tar.xz", d + "/e.tgz",
                                      d + "/f.BPGN"}));
}

TEST(InputList, IncludePatternsFilesAndListsKeepTheirOrder) {
  const Archive a;
  InputOptions o;
  o.include = {"*.txt", "*.json"};
  EXPECT_EQ(expand_inputs({a("")}, o).files, (std::vector<std::string>{a("2019/index.json"), a("notes.txt")}));
  // A file named on the command line is read whatever its name; a missing one is kept for the
  // reader to report; '-' stays standard input.
  EXPECT_EQ(expand_inputs({a("notes.txt"), "-", a("missing.bpgn")}, {}).files,
            (std::vector<std::string>{a("notes.txt"), "-", a("missing.bpgn")}));
  const std::string list = a("list.txt");
  write(list, a("b.bpgn") + "\n\n   \n" + a("2019") + "\r\n");
  InputOptions from;
  from.files_from = list;
  EXPECT_EQ(expand_inputs({a("a.pgn")}, from).files,
            (std::vector<std::string>{a("a.pgn"), a("b.bpgn"), a("2019/03/c.bpgn")}));
}

TEST(InputList, AnEmptyFolderIsANoteAnUnreadableListAnError) {
  test::ScratchDir empty;
  const InputList l = expand_inputs({empty.path().string()}, {});
  EXPECT_TRUE(l.files.empty());
  ASSERT_EQ(l.notes.size(), 1u);
  EXPECT_NE(l.notes[0].find("no file named *.bpgn, *.pgn"), std::string::npos) << l.notes[0];
  InputOptions o;
  o.files_from = (empty / "no-such-list").string();
  const InputList bad = expand_inputs({}, o);
  ASSERT_EQ(bad.errors.size(), 1u);
  EXPECT_NE(bad.errors[0].find("cannot read the list"), std::string::npos);
}

TEST(InputList, CheckAndFmtReadFolders) {
  const Archive a;
  const BinaryRun r = run_binary("check -q '" + a("") + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("4 games read: 4 valid"), std::string::npos) << r.err;
  // --include takes one pattern per use: the folder after it is an input, not a pattern.
  const BinaryRun inc = run_binary("check -q --include '*.bpgn' '" + a("") + "'");
  EXPECT_NE(inc.err.find("3 games read"), std::string::npos) << inc.err;
  // The same games in the same order as naming the files.
  const BinaryRun by_folder = run_binary("check --format jsonl '" + a("") + "'");
  const BinaryRun by_files =
      run_binary("check --format jsonl '" + a("2019/03/c.bpgn") + "' '" + a("a.pgn") + "' '" + a("b.bpgn") + "'");
  EXPECT_EQ(by_folder.out, by_files.out);
  EXPECT_EQ(run_binary("check --jobs 2 --format jsonl '" + a("") + "'").out, by_files.out);
  // An empty folder: a note, no game, and standard input is not read.
  test::ScratchDir empty;
  const BinaryRun none = run_binary("check '" + empty.path().string() + "'", a("b.bpgn"));
  EXPECT_EQ(none.exit_code, 0);
  EXPECT_NE(none.err.find("0 games read"), std::string::npos) << none.err;
  EXPECT_EQ(none.err.find("standard input"), std::string::npos) << none.err;
  const BinaryRun missing_list = run_binary("check --files-from '" + a("nope") + "'");
  EXPECT_EQ(missing_list.exit_code, 3);

  const BinaryRun f = run_binary("fmt '" + a("") + "'");
  EXPECT_EQ(f.exit_code, 0) << f.err;
  EXPECT_NE(f.err.find("4 games read, 4 written"), std::string::npos) << f.err;
}

}  // namespace
}  // namespace bpgn::check_test
