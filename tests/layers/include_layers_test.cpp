// The layers of docs/architecture.md ("Layers"), read from the sources: every #include of a project
// header names a folder its own folder may use, so the dependencies point one way (no cycle such as
// core <-> rules); the chess core and the rule sets include nothing but the standard library besides.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kSourceRoot = fs::path(BPGN_CORPUS_DIR).parent_path();

// A folder of the layer table: what it may include besides itself. `anything`: every folder.
struct Layer {
  std::set<std::string> may_use;
  bool anything = false;
  bool standard_library_only = false;  // its <...> includes are standard headers
};

// The table of docs/architecture.md, folder by folder (bottom up).
const std::map<std::string, Layer>& layers() {
  static const std::map<std::string, Layer> table = [] {
    const std::set<std::string> below_output = {"replay", "record", "rules", "core"};
    std::set<std::string> below_pipeline = below_output;
    std::set<std::string> below_database = below_output;
    below_database.insert({"output", "convert", "io"});
    below_pipeline.insert({"output", "convert", "standings", "io", "grammar", "database"});
    std::set<std::string> below_api = below_pipeline;
    below_api.insert("pipeline");
    std::set<std::string> output_and_below = below_output;
    output_and_below.insert("output");
    std::map<std::string, Layer> t;
    t["rules"] = {{}, false, true};
    t["core"] = {{"rules"}, false, true};
    t["grammar"] = {{}};
    t["io"] = {{}};
    t["record"] = {{"grammar", "core", "rules"}};
    t["replay"] = {{"record", "rules", "core"}};
    t["output"] = {below_output};
    t["convert"] = {output_and_below};
    t["standings"] = {output_and_below};
    t["database"] = {below_database};
    t["pipeline"] = {below_pipeline};
    t["api"] = {below_api};
    t["cli"] = {{}, true};
    t["python"] = {{}, true};
    t["tools"] = {{}, true};
    return t;
  }();
  return table;
}

// The folder of the layer table a source path lies in ("src/core/position.cpp" -> "core",
// "grammar/move.h" -> "grammar"), or empty.
std::string folder_of(const fs::path& relative) {
  auto part = relative.begin();
  if (part == relative.end()) return {};
  if (part->string() == "grammar") return "grammar";
  if (part->string() != "src" || ++part == relative.end()) return {};
  return part->string();
}

// The #include lines of a source text: (quoted?, name).
std::vector<std::pair<bool, std::string>> includes_of(const std::string& text) {
  std::vector<std::pair<bool, std::string>> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::size_t i = line.find_first_not_of(" \t");
    if (i == std::string::npos || line[i] != '#') continue;
    i = line.find_first_not_of(" \t", i + 1);
    if (i == std::string::npos || line.compare(i, 7, "include") != 0) continue;
    i = line.find_first_not_of(" \t", i + 7);
    if (i == std::string::npos || (line[i] != '"' && line[i] != '<')) continue;
    const char close = line[i] == '"' ? '"' : '>';
    const std::size_t end = line.find(close, i + 1);
    if (end == std::string::npos) continue;
    out.emplace_back(close == '"', line.substr(i + 1, end - i - 1));
  }
  return out;
}

// What is wrong with the includes of one file of `folder` ("" when nothing), one line per include.
std::string violations(const std::string& folder, const std::string& text) {
  const auto known = layers().find(folder);
  if (known == layers().end()) return "  the folder '" + folder + "' has no row in the layer table\n";
  const Layer& layer = known->second;
  std::string out;
  for (const auto& [quoted, name] : includes_of(text)) {
    const std::size_t slash = name.find('/');
    const std::string first = slash == std::string::npos ? std::string() : name.substr(0, slash);
    const bool project = quoted || layers().count(first) != 0;
    if (!project) {
      // A standard header has neither a directory nor an extension (<vector>, <cstdint>).
      if (layer.standard_library_only && name.find_first_of("./") != std::string::npos)
        out += "  <" + name + ">: " + folder + " may use the standard library only\n";
      continue;
    }
    if (first.empty() || layers().count(first) == 0) {
      out += "  \"" + name + "\": not a header of a folder of the layer table (write it as FOLDER/FILE)\n";
      continue;
    }
    if (first == folder || layer.anything || layer.may_use.count(first) != 0) continue;
    std::string allowed;
    for (const std::string& f : layer.may_use) allowed += (allowed.empty() ? "" : ", ") + f;
    out += "  \"" + name + "\": " + folder + " may use " + (allowed.empty() ? "no other folder" : allowed) + "\n";
  }
  return out;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

bool is_source(const fs::path& path) {
  const std::string name = path.filename().string();
  for (std::string_view ext : {".h", ".hpp", ".cpp", ".cc", ".in"}) {
    if (name.size() > ext.size() && name.compare(name.size() - ext.size(), ext.size(), ext) == 0) return true;
  }
  return false;
}

TEST(IncludeLayers, EveryFolderIncludesOnlyWhatItsLayerMayUse) {
  std::map<std::string, int> files_per_folder;
  std::string report;
  for (const fs::path top : {kSourceRoot / "src", kSourceRoot / "grammar"}) {
    ASSERT_TRUE(fs::is_directory(top)) << top;
    for (const auto& entry : fs::recursive_directory_iterator(top)) {
      if (!entry.is_regular_file() || !is_source(entry.path())) continue;
      const fs::path relative = entry.path().lexically_relative(kSourceRoot);
      const std::string folder = folder_of(relative);
      ++files_per_folder[folder];
      const std::string wrong = violations(folder, read_file(entry.path()));
      if (!wrong.empty()) report += relative.generic_string() + ":\n" + wrong;
    }
  }
  EXPECT_EQ(report, "") << "includes against the layers of docs/architecture.md";
  // The walk saw the sources (a wrong root would pass with nothing read).
  for (const char* folder : {"rules", "core", "grammar", "record", "replay", "output", "cli"})
    EXPECT_GT(files_per_folder[folder], 0) << folder;
}

// The check itself, on texts made up for it: each kind of violation is found, allowed includes are not.
TEST(IncludeLayers, TheCheckFindsEachKindOfViolation) {
  EXPECT_EQ(violations("rules", "#include \"rules/rule_set.h\"\n#include <string>\n#include <cstdint>\n"), "");
  EXPECT_NE(violations("rules", "#include \"core/ascii.h\"\n"), "");
  EXPECT_NE(violations("rules", "  #  include <fmt/format.h>\n"), "");
  EXPECT_NE(violations("core", "#include <unistd.h>\n"), "");
  EXPECT_EQ(violations("core", "#include \"rules/rule_set.h\"\n#include \"core/types.h\"\n"), "");
  EXPECT_NE(violations("core", "#include \"record/game.h\"\n"), "");
  EXPECT_NE(violations("core", "#include <record/game.h>\n"), "");
  EXPECT_NE(violations("record", "#include \"replay/replay.h\"\n"), "");
  EXPECT_EQ(violations("record", "#include \"grammar/game.h\"\n#include <fmt/format.h>\n"), "");
  EXPECT_NE(violations("replay", "#include \"output/json_writer.h\"\n"), "");
  EXPECT_NE(violations("output", "#include \"convert/record_rules.h\"\n"), "");
  EXPECT_NE(violations("output", "#include \"grammar/game.h\"\n"), "");
  EXPECT_NE(violations("convert", "#include \"standings/table.h\"\n"), "");
  EXPECT_NE(violations("convert", "#include \"io/input_file.h\"\n"), "");
  EXPECT_NE(violations("standings", "#include \"pipeline/sink.h\"\n"), "");
  EXPECT_EQ(violations("pipeline", "#include \"io/input_file.h\"\n#include \"convert/record_rules.h\"\n"), "");
  EXPECT_NE(violations("pipeline", "#include \"api/bpgn_api.h\"\n"), "");
  EXPECT_NE(violations("api", "#include \"cli/errors.h\"\n"), "");
  EXPECT_EQ(violations("api", "#include \"pipeline/inputs.h\"\n"), "");
  EXPECT_EQ(violations("cli", "#include \"api/bpgn_api.h\"\n#include \"core/ascii.h\"\n"), "");
  EXPECT_NE(violations("cli", "#include \"ascii.h\"\n"), "");  // no folder: ambiguous
  EXPECT_NE(violations("newfolder", "#include <vector>\n"), "");
  EXPECT_EQ(violations("core", "// #include \"record/game.h\"\n"), "");  // a comment
}

}  // namespace
