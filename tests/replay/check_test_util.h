// Helpers for the check tests: read a record from a string, replay it as `bpgn check` would, and
// find where a text stands in it (expected positions come from the record text, not the program).
#pragma once

#include "cli/check_command.h"
#include "record/reader.h"
#include "replay/replay.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace bpgn::check_test {

inline std::vector<Game> read_games(const std::string& text, const std::string& name = "test.bpgn") {
  Reader reader(name, text);
  std::vector<Game> games;
  Game g;
  while (reader.next(g)) {
    games.push_back(g);
    g = Game{};
  }
  return games;
}

struct Checked {
  Game game;
  ReplayResult result;
};

// Replays the first game of `text` the way `bpgn check` does (with `--tolerance 2` unless told otherwise:
// the hand-made records reason with that allowance): the --rules preset (or the record's
// default), the record's rule tags, the --set overrides.
inline Checked check_text(const std::string& text, const std::string& rules_name = "",
                          const std::vector<std::string>& sets = {}, std::optional<double> tolerance = 2.0) {
  std::vector<Game> games = read_games(text);
  EXPECT_FALSE(games.empty());
  if (games.empty()) return {};
  Checked c{games.front(), {}};
  RuleSet base = rules_name.empty() ? default_rules_for_record(c.game) : *rules_by_name(rules_name);
  ReplayOptions options;
  options.tolerance_seconds = tolerance.value_or(default_tolerance(c.game));
  c.result = replay(c.game, rules_for_record(c.game, base, sets), options);
  return c;
}

// The line and column of text[to], counted from text[from], which stands at `start` (ASCII texts).
inline SourcePos advance_pos(const std::string& text, std::size_t from, std::size_t to, SourcePos start) {
  SourcePos pos = start;
  for (std::size_t i = from; i < to; ++i) {
    if (text[i] == '\n') {
      ++pos.line;
      pos.column = 1;
    } else {
      ++pos.column;
    }
  }
  return pos;
}

// 1-based line and column of the nth occurrence of `needle` in `text` (ASCII texts).
inline SourcePos pos_of(const std::string& text, const std::string& needle, int nth = 1) {
  std::size_t at = std::string::npos;
  for (int i = 0; i < nth; ++i) {
    at = text.find(needle, at == std::string::npos ? 0 : at + 1);
    if (at == std::string::npos) {
      ADD_FAILURE() << "'" << needle << "' not found " << nth << " times";
      return {};
    }
  }
  return advance_pos(text, 0, at, SourcePos{1, 1});
}

inline std::vector<Violation> with_code(const ReplayResult& r, ViolationCode code) {
  std::vector<Violation> out;
  for (const Violation& v : r.violations) {
    if (v.code == code) out.push_back(v);
  }
  return out;
}

inline const Violation* first_error(const ReplayResult& r) {
  for (const Violation& v : r.violations) {
    if (v.severity == Severity::Error) return &v;
  }
  return nullptr;
}

inline std::string codes_of(const ReplayResult& r) {
  std::string s;
  for (const Violation& v : r.violations) {
    s += std::string(info(v.code).code) + " @" + std::to_string(v.pos.line) + ":" + std::to_string(v.pos.column) +
         " " + v.message + "\n";
  }
  return s;
}

inline std::size_t lines_count(const std::string& s) {
  return std::size_t(std::count(s.begin(), s.end(), '\n'));
}

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::string corpus(const std::string& relative) { return read_file(std::string(BPGN_CORPUS_DIR) + "/" + relative); }

// Every file under corpus/ in path order (records of every kind, the fuzz regressions, files that
// are no record), but its .md notes and the files whose extension is in `leave_out` (".json").
inline std::vector<std::string> every_corpus_file(std::initializer_list<std::string_view> leave_out = {}) {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(BPGN_CORPUS_DIR)) {
    const std::string ext = entry.path().extension().string();
    if (!entry.is_regular_file() || ext == ".md" || std::find(leave_out.begin(), leave_out.end(), ext) != leave_out.end())
      continue;
    files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// The lines (from 1) of `text` that start with `[Event `: the k-th starts the k-th game of a file.
inline std::vector<std::uint32_t> event_lines(const std::string& text) {
  std::vector<std::uint32_t> lines;
  std::istringstream in(text);
  std::uint32_t n = 0;
  for (std::string line; std::getline(in, line);) {
    ++n;
    if (line.starts_with("[Event ")) lines.push_back(n);
  }
  return lines;
}

// The ranks first..last (from 1) as a rule set's rank mask (bit r-1 for rank r).
constexpr std::uint8_t ranks(int first, int last) {
  std::uint8_t bits = 0;
  for (int r = first; r <= last; ++r) bits = std::uint8_t(bits | (1u << (r - 1)));
  return bits;
}

// A BPGN record with the four seats named wa, ba, wb, bb.
inline std::string bpgn(const std::string& movetext, const std::string& extra_tags = "",
                        const std::string& result = "*") {
  return "[Event \"test\"]\n[WhiteA \"wa\"][BlackA \"ba\"][WhiteB \"wb\"][BlackB \"bb\"]\n" + extra_tags +
         "[Result \"" + result + "\"]\n\n" + movetext + "\n";
}

// A one-board PGN record (White "w", Black "b").
inline std::string pgn(const std::string& movetext, const std::string& extra_tags = "",
                       const std::string& result = "*") {
  return "[Event \"test\"]\n[White \"w\"]\n[Black \"b\"]\n" + extra_tags + "[Result \"" + result + "\"]\n\n" +
         movetext + "\n";
}

}  // namespace bpgn::check_test
