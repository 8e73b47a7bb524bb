// What the archive tests share: the record files of corpus/ (or one folder of it), in path order,
// and docs/database.md's example queries by name (each ```sql block that starts `-- query: NAME`).
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace bpgn::test {

inline std::vector<std::filesystem::path> record_files_under(const std::string& folder = "") {
  std::vector<std::filesystem::path> out;
  for (const auto& e : std::filesystem::recursive_directory_iterator(std::filesystem::path(BPGN_CORPUS_DIR) / folder)) {
    const std::string ext = e.path().extension().string();
    if (e.is_regular_file() && (ext == ".bpgn" || ext == ".pgn")) out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

inline std::map<std::string, std::string> database_doc_queries() {
  std::ifstream in(std::string(BPGN_CORPUS_DIR) + "/../docs/database.md", std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  const std::string doc = text.str();
  std::map<std::string, std::string> out;
  const std::regex block("```sql\n-- query: ([a-z0-9-]+)\n([^`]*)```");
  for (auto it = std::sregex_iterator(doc.begin(), doc.end(), block); it != std::sregex_iterator(); ++it)
    out[(*it)[1]] = (*it)[2];
  return out;
}

}  // namespace bpgn::test
