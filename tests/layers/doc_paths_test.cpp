// The pages name source files that exist: docs/architecture.md (and every other page of docs/ and
// the README) may say where a concept lives, `pipeline/run/ordered_driver.h` or
// tests/layers/include_layers_test.cpp, and a file moved or removed leaves such a name behind. Each
// name of a source file the pages write (a path ending in .h, .cpp, .py, .sh or .in whose first
// folder is one of the project's) must name a file of the tree, from the top or from src/.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kRoot = fs::path(BPGN_CORPUS_DIR).parent_path();

std::string text_of(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The source-file names a page writes, each with its line number.
std::vector<std::pair<int, std::string>> source_names(const std::string& page, const std::set<std::string>& tops) {
  static const std::regex name(R"((?:^|[^A-Za-z0-9_./-])((?:[a-z0-9_]+/)+[A-Za-z0-9_.-]+\.(?:h|cpp|py|sh|in))(?![A-Za-z0-9_]))");
  std::vector<std::pair<int, std::string>> out;
  std::istringstream in(page);
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    for (auto m = std::sregex_iterator(line.begin(), line.end(), name); m != std::sregex_iterator(); ++m) {
      const std::string path = (*m)[1].str();
      if (tops.count(path.substr(0, path.find('/'))) != 0) out.emplace_back(number, path);
    }
  }
  return out;
}

// The first folders a name must start with to be taken as the project's: the top folders and the
// folders of src/.
std::set<std::string> project_folders() {
  std::set<std::string> tops = {"src", "tests", "bench", "grammar", "scripts", "cmake"};
  for (const auto& entry : fs::directory_iterator(kRoot / "src"))
    if (entry.is_directory()) tops.insert(entry.path().filename().string());
  return tops;
}

bool exists_in_tree(const std::string& name) {
  return fs::is_regular_file(kRoot / name) || fs::is_regular_file(kRoot / "src" / name);
}

TEST(DocPaths, EverySourceFileAPageNamesExists) {
  const std::set<std::string> tops = project_folders();
  std::vector<fs::path> pages = {kRoot / "README.md"};
  for (const auto& entry : fs::directory_iterator(kRoot / "docs"))
    if (entry.path().extension() == ".md") pages.push_back(entry.path());
  std::string missing;
  std::size_t named = 0;
  for (const fs::path& page : pages) {
    for (const auto& [line, name] : source_names(text_of(page), tops)) {
      ++named;
      if (!exists_in_tree(name))
        missing += page.lexically_relative(kRoot).generic_string() + ":" + std::to_string(line) + ": " + name + "\n";
    }
  }
  EXPECT_EQ(missing, "") << "source files the pages name that are not in the tree";
  EXPECT_GT(named, 20u);  // the pages were read and do name files (architecture.md alone names dozens)
}

// The reader of names on a made-up page: what is a name and what is not.
TEST(DocPaths, TheReaderFindsSourceNamesOnly) {
  const std::set<std::string> tops = {"src", "tests", "cli", "pipeline"};
  const auto names = source_names(
      "see `cli/check_parallel.cpp` and src/core/position.h,\n"
      "tests/layers/x_test.cpp; not corpus/fics/1.bpgn nor docs/view.md nor foo/bar.h nor a.cpp\n"
      "pipeline/run/ordered_driver.h.\n",
      tops);
  const std::vector<std::pair<int, std::string>> expected = {
      {1, "cli/check_parallel.cpp"}, {1, "src/core/position.h"}, {2, "tests/layers/x_test.cpp"},
      {3, "pipeline/run/ordered_driver.h"}};
  EXPECT_EQ(names, expected);
  EXPECT_FALSE(exists_in_tree("cli/check_parallel.cpp"));
  EXPECT_TRUE(exists_in_tree("cli/main.cpp"));
  EXPECT_TRUE(exists_in_tree("tests/layers/doc_paths_test.cpp"));
}

}  // namespace
