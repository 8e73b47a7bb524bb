// One JSON writer (issue 23): every JSON the program writes (reports, summaries, convert --to json,
// standings) goes through JsonWriter (output/json_writer.h); nlohmann::json only reads JSON. A
// look over src/ like `grep -rn '#include <nlohmann' src` holds the few files that may include it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

namespace bpgn {
namespace {

namespace fs = std::filesystem;

// Each file of src/ that includes a header of nlohmann::json, with the headers it includes.
std::map<std::string, std::set<std::string>> nlohmann_includes() {
  const fs::path src = fs::path(BPGN_CORPUS_DIR) / ".." / "src";
  std::map<std::string, std::set<std::string>> found;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(src)) {
    if (!e.is_regular_file()) continue;
    std::ifstream in(e.path(), std::ios::binary);
    std::string line;
    while (std::getline(in, line)) {
      const std::size_t at = line.find("<nlohmann/");
      if (line.rfind("#include", 0) != 0 || at == std::string::npos) continue;
      found[fs::relative(e.path(), src).generic_string()].insert(line.substr(at + 1, line.find('>', at) - at - 1));
    }
  }
  return found;
}

TEST(OneJsonWriter, OnlyTheJsonReadersIncludeNlohmann) {
  const std::map<std::string, std::set<std::string>> allowed = {
      // The readers: every JSON document read whole goes through the one depth-limited reader
      // (chess.com game records: convert --from chesscom, standings) ...
      {"output/json_input.h", {"nlohmann/json.hpp"}},
      // ... and the --summary-json lines that `bpgn summary merge` adds up.
      {"output/summary_merge.h", {"nlohmann/json.hpp"}},
      // The writer itself borrows only the double-to-text conversion (no document, no dump()),
      // so doubles keep the digits the reports have always had.
      {"output/json_writer.cpp", {"nlohmann/detail/conversions/to_chars.hpp"}},
  };
  const auto found = nlohmann_includes();
  ASSERT_FALSE(found.empty()) << "src/ not found from " << BPGN_CORPUS_DIR;
  for (const auto& [file, headers] : found) {
    const auto it = allowed.find(file);
    EXPECT_TRUE(it != allowed.end() && it->second == headers)
        << "src/" << file << " includes " << *headers.begin()
        << ": JSON is written with JsonWriter (output/json_writer.h); nlohmann::json only reads it";
  }
}

}  // namespace
}  // namespace bpgn
