#include "replay/adjudication.h"

#include "core/ascii.h"
#include "core/whole_number.h"
#include "replay/adjudication_rules.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>

namespace bpgn {
namespace {

constexpr std::string_view kSpace = " \t";
// The most points one player gets under Turkish scoring (two won boards).
constexpr double kMostPoints = 2;

// Case ignored (ASCII), surrounding spaces dropped: how names and tag values are compared.
std::string fold(std::string_view s) { return ascii_lower(trim(s, kSpace)); }

constexpr std::string_view kKeys = "keys: match, result, points, replay, reason, board, award";

// One paragraph of the file, while it is read.
struct Paragraph {
  std::optional<Adjudication> a;
  bool has_match = false, has_decision = false, has_reason = false, has_board = false, has_award = false;
  std::uint32_t board_line = 0, award_line = 0;
  std::uint32_t first_line = 0;
};

class AdjudicationReader {
 public:
  AdjudicationReader(std::vector<Adjudication>& out, std::vector<AdjudicationError>& errors) : out_(out), errors_(errors) {}

  void line(std::uint32_t n, std::string_view text) {
    if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
    const std::size_t start = text.find_first_not_of(kSpace);
    if (start == std::string_view::npos) {
      end_paragraph();
      return;
    }
    if (text[start] == '#') return;
    if (!p_.a) {
      p_ = Paragraph{};
      p_.a = Adjudication{};
      p_.first_line = n;
    }
    const std::size_t colon = text.find(':');
    const std::string key = fold(text.substr(0, colon));
    if (key == "replay" && (colon == std::string_view::npos || trim(text.substr(colon + 1), kSpace).empty())) {
      decision(n, std::uint32_t(start + 1), Adjudication::Decision::Replay);
      return;
    }
    if (colon == std::string_view::npos) {
      error(n, std::uint32_t(start + 1), fmt::format("expected `key: value` ({})", kKeys));
      return;
    }
    const std::size_t value_at = text.find_first_not_of(kSpace, colon + 1);
    const std::string_view value = value_at == std::string_view::npos ? std::string_view() : trim(text.substr(value_at), kSpace);
    const std::uint32_t column = value_at == std::string_view::npos ? std::uint32_t(colon + 2) : std::uint32_t(value_at + 1);
    if (value.empty()) {
      error(n, column, fmt::format("{}: missing value", key));
      return;
    }
    Adjudication& a = *p_.a;
    if (key == "match") {
      if (p_.has_match) return error(n, std::uint32_t(start + 1), "a second `match:` in one decision (a blank line ends a decision)");
      p_.has_match = true;
      a.match_text = std::string(value);
      a.line = n;
      a.column = column;
      match(n, column, value, a);
    } else if (key == "result") {
      const std::string v = fold(value);
      if (v == "replay") return decision(n, column, Adjudication::Decision::Replay);
      if (v != "1-0" && v != "0-1" && v != "1/2-1/2") {
        return error(n, column, fmt::format("result: '{}' is not one of: 1-0, 0-1, 1/2-1/2, replay", value));
      }
      a.result = v;
      a.decision_line = n, a.decision_column = column;
      decision(n, std::uint32_t(start + 1), Adjudication::Decision::Result);
    } else if (key == "points") {
      points(n, std::uint32_t(value_at + 1), value, a);
      a.decision_line = n, a.decision_column = column;
      decision(n, std::uint32_t(start + 1), Adjudication::Decision::Points);
    } else if (key == "board") {
      if (p_.has_board) return error(n, std::uint32_t(start + 1), "a second `board:` in one decision");
      const std::string v = fold(value);
      if (v != "a" && v != "b") return error(n, column, fmt::format("board: '{}' is not A or B", value));
      p_.has_board = true, p_.board_line = n;
      a.board = v == "a" ? Board::A : Board::B;
    } else if (key == "award") {
      if (p_.has_award) return error(n, std::uint32_t(start + 1), "a second `award:` in one decision");
      if (fold(value) != "special")
        return error(n, column, fmt::format("award: '{}' is not `special`", value));
      p_.has_award = true, p_.award_line = n;
      a.special_award = true;
    } else if (key == "reason") {
      if (p_.has_reason) return error(n, std::uint32_t(start + 1), "a second `reason:` in one decision");
      p_.has_reason = true;
      a.reason = std::string(value);
    } else {
      error(n, std::uint32_t(start + 1),
            fmt::format("unknown key '{}' ({})", trim(text.substr(0, colon), kSpace), kKeys));
    }
  }

  void end_paragraph() {
    if (!p_.a) return;
    const std::uint32_t at = p_.first_line;
    bool ok = !failed_;
    // A paragraph with an error already said: what it then lacks is no news.
    if (failed_) {
      p_ = Paragraph{};
      failed_ = false;
      return;
    }
    if (!p_.has_match) ok = false, errors_.push_back({at, 1, "this decision names no match (`match: FILE:LINE` or tags)"});
    if (!p_.has_decision) ok = false, errors_.push_back({at, 1, "this decision has no `result:`, `points:` or `replay`"});
    if (!p_.has_reason) ok = false, errors_.push_back({at, 1, "this decision gives no `reason:`"});
    const Adjudication& a = *p_.a;
    if (p_.has_board &&
        !(a.decision == Adjudication::Decision::Result && a.result != "1/2-1/2" && p_.has_decision)) {
      ok = false;
      errors_.push_back(
          {p_.board_line, 1,
           "`board:` names the board a decisive `result:` (1-0 or 0-1) was won on; this decision has none"});
    }
    if (p_.has_award && !(a.decision == Adjudication::Decision::Points && p_.has_decision)) {
      ok = false;
      errors_.push_back(
          {p_.award_line, 1, "`award: special` is for a `points:` decision; this decision gives no points"});
    }
    if (ok) out_.push_back(std::move(*p_.a));
    p_ = Paragraph{};
    failed_ = false;
  }

 private:
  void error(std::uint32_t line, std::uint32_t column, std::string message) {
    errors_.push_back({line, column, std::move(message)});
    failed_ = true;
  }

  void decision(std::uint32_t line, std::uint32_t column, Adjudication::Decision d) {
    if (p_.has_decision) return error(line, column, "a second decision in one decision (`result:`, `points:` or `replay`)");
    p_.has_decision = true;
    p_.a->decision = d;
  }

  // `FILE:LINE` or `Tag "value" Tag "value" ...`.
  void match(std::uint32_t line, std::uint32_t column, std::string_view v, Adjudication& a) {
    if (v.find('"') == std::string_view::npos) {
      // The place read as show and view read one (core/whole_number.h): digits only, 1 to 2^32-1.
      const std::size_t colon = v.rfind(':');
      const std::string_view digits = colon == std::string_view::npos ? std::string_view() : v.substr(colon + 1);
      const WholeNumber n = read_whole_number(digits, kMostLineNumber);
      if (colon != 0 && colon != std::string_view::npos && n.read == WholeNumber::Read::TooLarge) {
        return error(line, column + std::uint32_t(colon + 1),
                     fmt::format("match: line {} is out of range: lines are counted from 1 to {}", digits, kMostLineNumber));
      }
      if (colon == 0 || colon == std::string_view::npos || n.read != WholeNumber::Read::Number || n.value == 0) {
        return error(line, column, "match: expected FILE:LINE (the game's first line) or tags such as Round \"3\" WhiteA \"Ayla\"");
      }
      a.file = std::string(v.substr(0, colon));
      a.game_line = static_cast<std::uint32_t>(n.value);
      return;
    }
    std::size_t i = 0;
    while (i < v.size()) {
      i = v.find_first_not_of(kSpace, i);
      if (i == std::string_view::npos) break;
      const std::size_t name_end = v.find_first_of(" \t\"", i);
      const std::string_view name = v.substr(i, name_end == std::string_view::npos ? std::string_view::npos : name_end - i);
      const bool name_ok = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
      });
      std::size_t q = name_end == std::string_view::npos ? std::string_view::npos : v.find_first_not_of(kSpace, name_end);
      if (!name_ok || q == std::string_view::npos || v[q] != '"') {
        return error(line, column + std::uint32_t(i), "match: expected a tag name and its value in quotes, e.g. Round \"3\"");
      }
      std::string value;
      std::size_t k = q + 1;
      for (; k < v.size() && v[k] != '"'; ++k) {
        if (v[k] == '\\' && k + 1 < v.size()) ++k;
        value += v[k];
      }
      if (k >= v.size()) return error(line, column + std::uint32_t(q), "match: the quoted value is not closed");
      a.tags.emplace_back(std::string(name), std::move(value));
      i = k + 1;
    }
    if (a.tags.empty()) error(line, column, "match: no tags");
  }

  // `who points, who points, ...`.
  void points(std::uint32_t line, std::uint32_t column, std::string_view v, Adjudication& a) {
    std::size_t at = 0;
    while (at <= v.size()) {
      const std::size_t comma = v.find(',', at);
      const std::string_view item = v.substr(at, comma == std::string_view::npos ? std::string_view::npos : comma - at);
      const std::size_t lead = item.find_first_not_of(kSpace);
      const std::uint32_t item_column = column + std::uint32_t(at + (lead == std::string_view::npos ? 0 : lead));
      const std::string_view t = trim(item, kSpace);
      const std::size_t space = t.find_last_of(kSpace);
      double p = -1;
      bool ok = space != std::string_view::npos;
      if (ok) {
        const std::string_view number = t.substr(space + 1);
        const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), p);
        ok = ec == std::errc() && end == number.data() + number.size();
        // Turkish scoring gives a player 0 to 2 points (docs/adjudications.md): 1e308, inf or nan
        // would make the tables' sums infinite or not a number.
        if (ok && !(std::isfinite(p) && p >= 0 && p <= kMostPoints)) {
          return error(line, item_column + std::uint32_t(space + 1),
                       fmt::format("points: '{}' is out of range: a player's points are 0 to {} (Turkish scoring)", number,
                                   kMostPoints));
        }
      }
      if (!ok) {
        return error(line, item_column, "points: expected `player points` items separated by commas, e.g. WhiteA 2, BlackA 0");
      }
      a.points.push_back({std::string(trim(t.substr(0, space), kSpace)), p, line, item_column});
      if (comma == std::string_view::npos) break;
      at = comma + 1;
    }
  }

  std::vector<Adjudication>& out_;
  std::vector<AdjudicationError>& errors_;
  Paragraph p_;
  bool failed_ = false;
};

}  // namespace

bool adjudication_names_file(std::string_view key, std::string_view file) {
  if (key == file) return true;
  if (key.size() >= file.size()) return false;
  const char before = file[file.size() - key.size() - 1];
  return (before == '/' || before == '\\') && file.substr(file.size() - key.size()) == key;
}

std::string Adjudication::decision_text() const {
  switch (decision) {
    case Decision::Result:
      return "result " + result + (board ? fmt::format(" (board {})", board_name(*board)) : "");
    case Decision::Replay: return "replay";
    case Decision::Points: {
      std::string out = "points";
      for (std::size_t i = 0; i < points.size(); ++i) {
        out +=
            fmt::format("{} {} {}", i ? "," : "", points[i].who, adjudication_points_text(points[i].points));
      }
      return special_award ? out + " (special award)" : out;
    }
  }
  return {};
}

Adjudications Adjudications::parse(std::string_view text, std::string name, std::vector<AdjudicationError>& errors) {
  Adjudications out;
  out.name_ = std::move(name);
  AdjudicationReader reader(out.list_, errors);
  std::uint32_t n = 0;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t nl = text.find('\n', at);
    reader.line(++n, text.substr(at, nl == std::string_view::npos ? std::string_view::npos : nl - at));
    if (nl == std::string_view::npos) break;
    at = nl + 1;
  }
  reader.end_paragraph();
  out.seen_->games.resize(out.list_.size());
  return out;
}

}  // namespace bpgn
