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

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The names a table cell writes in backquotes, in order (`src/cli/` -> "src/cli/").
std::vector<std::string> quoted_names(std::string_view cell) {
  std::vector<std::string> out;
  for (std::size_t open = cell.find('`'); open != std::string_view::npos; open = cell.find('`', open)) {
    const std::size_t close = cell.find('`', open + 1);
    if (close == std::string_view::npos) break;
    out.emplace_back(cell.substr(open + 1, close - open - 1));
    open = close + 1;
  }
  return out;
}

// The folder a first-column name means: `src/core/` -> "core", `grammar/` -> "grammar".
std::string folder_named(std::string name) {
  if (name.rfind("src/", 0) == 0) name.erase(0, 4);
  if (!name.empty() && name.back() == '/') name.pop_back();
  return name;
}

// The layer table, read from its page: each row of the table under "## Layers" whose header is
// `| folder | job | may use |`. Problems with the table itself (a folder named twice, a may-use
// name that is no folder of the table) go to `problems`.
std::map<std::string, Layer> table_of(const std::string& page, std::string& problems) {
  std::map<std::string, Layer> t;
  const std::size_t header = page.find("| folder | job | may use |");
  if (header == std::string::npos) {
    problems += "no layer table (| folder | job | may use |)\n";
    return t;
  }
  std::istringstream in(page.substr(header));
  std::string line;
  std::getline(in, line);  // the header
  std::getline(in, line);  // |---|
  std::vector<std::pair<std::string, std::string>> rows;  // folder, may-use cell
  while (std::getline(in, line) && line.rfind("| ", 0) == 0) {
    const std::size_t first = line.find(" | ");
    const std::size_t last = line.rfind(" | ");
    if (first == std::string::npos || last == first) {
      problems += "a row without three cells: " + line + "\n";
      continue;
    }
    const std::string may_use = line.substr(last + 3, line.size() - last - 3);
    for (const std::string& name : quoted_names(std::string_view(line).substr(2, first - 2)))
      rows.emplace_back(folder_named(name), may_use);
  }
  for (const auto& [folder, cell] : rows) {
    if (t.count(folder) != 0) problems += "the folder '" + folder + "' has two rows\n";
    Layer& layer = t[folder];
    layer.anything = cell.find("anything") != std::string::npos;
    layer.standard_library_only = cell.find("the standard library only") != std::string::npos;
  }
  for (const auto& [folder, cell] : rows) {
    for (const std::string& used : quoted_names(cell)) {
      if (t.count(used) == 0) problems += "the row of '" + folder + "' names '" + used + "', which has no row\n";
      t[folder].may_use.insert(used);
    }
  }
  return t;
}

const fs::path kArchitecturePage = kSourceRoot / "docs" / "architecture.md";

// The table of docs/architecture.md, read once.
const std::map<std::string, Layer>& layers() {
  static const std::map<std::string, Layer> table = [] {
    std::string problems;
    auto t = table_of(read_file(kArchitecturePage), problems);
    EXPECT_EQ(problems, "") << kArchitecturePage;
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

// The table as the page writes it: the folders every layer needs are there, bottom and top, and
// a few rows read as they are meant (a table the reader misread would let every include pass).
TEST(IncludeLayers, TheTableIsReadFromTheArchitecturePage) {
  const auto& t = layers();
  for (const char* folder : {"text", "rules", "core", "io", "grammar", "record", "replay", "output", "convert",
                             "standings", "database", "pipeline", "api", "cli", "python", "tools"})
    EXPECT_EQ(t.count(folder), 1u) << folder;
  EXPECT_TRUE(t.at("rules").may_use.empty());
  EXPECT_TRUE(t.at("rules").standard_library_only);
  EXPECT_EQ(t.at("core").may_use, std::set<std::string>{"rules"});
  EXPECT_TRUE(t.at("core").standard_library_only);
  EXPECT_FALSE(t.at("io").standard_library_only);
  EXPECT_TRUE(t.at("cli").anything);
  EXPECT_TRUE(t.at("python").anything);
  EXPECT_FALSE(t.at("pipeline").anything);
  EXPECT_EQ(t.at("pipeline").may_use.count("database"), 1u);
  EXPECT_EQ(t.at("pipeline").may_use.count("api"), 0u);
}

// The reader on made-up pages: a name in the may-use column that has no row, a folder twice.
TEST(IncludeLayers, ATableThatNamesAnUnknownFolderIsAProblem) {
  std::string problems;
  const auto t = table_of("| folder | job | may use |\n|---|---|---|\n| `src/a/` | x | `b` |\n"
                          "| `src/b/` | y | the standard library only |\n\ntext\n",
                          problems);
  EXPECT_EQ(problems, "");
  EXPECT_EQ(t.at("a").may_use, std::set<std::string>{"b"});
  EXPECT_TRUE(t.at("b").standard_library_only);
  table_of("| folder | job | may use |\n|---|---|---|\n| `src/a/` | x | `c` |\n", problems);
  EXPECT_NE(problems.find("'c'"), std::string::npos) << problems;
  problems.clear();
  table_of("| folder | job | may use |\n|---|---|---|\n| `src/a/` | x | |\n| `src/a/` | y | |\n", problems);
  EXPECT_NE(problems.find("two rows"), std::string::npos) << problems;
  problems.clear();
  table_of("no table here", problems);
  EXPECT_NE(problems, "");
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
  EXPECT_EQ(violations("api", "#include \"pipeline/input/inputs.h\"\n"), "");
  EXPECT_EQ(violations("cli", "#include \"api/bpgn_api.h\"\n#include \"core/ascii.h\"\n"), "");
  EXPECT_NE(violations("cli", "#include \"ascii.h\"\n"), "");  // no folder: ambiguous
  EXPECT_NE(violations("newfolder", "#include <vector>\n"), "");
  EXPECT_EQ(violations("core", "// #include \"record/game.h\"\n"), "");  // a comment
}

}  // namespace
