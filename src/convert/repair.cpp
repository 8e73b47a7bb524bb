#include "convert/repair.h"

#include <fmt/format.h>

#include <algorithm>

namespace bpgn {
namespace {

std::string_view suffix_of(std::string_view san) {
  std::size_t end = san.size();
  while (end > 0 && (san[end - 1] == '!' || san[end - 1] == '?')) --end;
  std::size_t start = end;
  while (start > 0 && (san[start - 1] == '+' || san[start - 1] == '#')) --start;
  return san.substr(start, end - start);
}

bool is_result_token(std::string_view t) { return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*"; }

Tag* find_tag(Game& game, std::string_view name) {
  for (Tag& t : game.tags) {
    if (t.name == name) return &t;
  }
  return nullptr;
}

bool empty_value(const Tag* t) { return !t || t->value.empty() || t->value == "?"; }

}  // namespace

std::string_view to_string(RepairKind kind) {
  switch (kind) {
    case RepairKind::CheckSuffix: return "check suffix";
    case RepairKind::ResultTag: return "Result tag";
    case RepairKind::ResultToken: return "result token";
    case RepairKind::RosterTag: return "roster tag";
    case RepairKind::Count_: break;
  }
  return "?";
}

void RepairCounts::add(const RepairCounts& other) {
  for (std::size_t i = 0; i < by_kind.size(); ++i) by_kind[i] += other.by_kind[i];
  games += other.games;
  not_repairable += other.not_repairable;
}

std::size_t RepairCounts::total() const {
  std::size_t n = 0;
  for (std::size_t k : by_kind) n += k;
  return n;
}

std::string repair_summary(const RepairCounts& c) {
  std::string kinds;
  for (std::size_t k = 0; k < c.by_kind.size(); ++k) {
    if (!c.by_kind[k]) continue;
    const std::string_view name = to_string(RepairKind(k));
    kinds += fmt::format("{}{} {}{}", kinds.empty() ? "" : ", ", c.by_kind[k], name,
                         c.by_kind[k] == 1 ? "" : (RepairKind(k) == RepairKind::CheckSuffix ? "es" : "s"));
  }
  return fmt::format("repairs: {} in {} game{}{}; {} game{} with errors not repaired", c.total(), c.games,
                     c.games == 1 ? "" : "s", kinds.empty() ? "" : " (" + kinds + ")", c.not_repairable,
                     c.not_repairable == 1 ? "" : "s");
}

void write_repair_members(JsonWriter& w, const RepairCounts& c) {
  w.key("repairs").begin_object();
  for (std::size_t k = 0; k < c.by_kind.size(); ++k) w.key(to_string(RepairKind(k))).number(c.by_kind[k]);
  w.end_object();
  w.key("repaired_games").number(c.games);
  w.key("not_repaired").number(c.not_repairable);
}

std::size_t repair_game(Game& game, const ReplayResult& result, RepairCounts& counts) {
  std::vector<std::string> said;
  std::size_t repairs = 0;
  auto count = [&](RepairKind kind, std::size_t n = 1) {
    counts.by_kind[std::size_t(kind)] += n;
    repairs += n;
  };

  // Check suffixes: the canonical SAN carries the rule set's `+` / `#`.
  std::size_t suffixes = 0;
  for (std::size_t i = 0; i < game.plies.size() && i < result.plies.size(); ++i) {
    const PlyOutcome& p = result.plies[i];
    if (p.replayed && !p.canonical_san.empty() && suffix_of(game.plies[i].san) != suffix_of(p.canonical_san)) {
      ++suffixes;
    }
  }
  if (suffixes) {
    count(RepairKind::CheckSuffix, suffixes);
    said.push_back(fmt::format("{} check suffix{}", suffixes, suffixes == 1 ? "" : "es"));
  }

  // The result, where the moves and clocks decide it (a decisive end or a draw the replay found).
  const std::string& computed = result.outcome.computed;
  const bool decided = result.outcome.winner != Winner::None && is_result_token(computed) && computed != "*";
  if (decided) {
    Tag* tag = find_tag(game, "Result");
    if (!tag || tag->value != computed) {
      said.push_back(fmt::format("Result tag {} (was {})", computed,
                                 !tag ? std::string("none") : tag->value.empty() ? std::string("empty") : tag->value));
      if (tag) {
        tag->value = computed;
      } else {
        game.tags.push_back(Tag{"Result", computed, {}});
      }
      count(RepairKind::ResultTag);
    }
    if (game.result != computed) {
      said.push_back(fmt::format("result token {} (was {})", computed, game.result.empty() ? "none" : game.result));
      game.result = computed;
      count(RepairKind::ResultToken);
    }
  }

  // Roster tags: a BPGN record's board-A players from White/Black, a PGN record's from WhiteA/BlackA.
  const bool bpgn = game.dialect == Dialect::Bpgn;
  const std::pair<std::string_view, std::string_view> fills[2] = {
      bpgn ? std::pair<std::string_view, std::string_view>{"WhiteA", "White"} : std::pair<std::string_view, std::string_view>{"White", "WhiteA"},
      bpgn ? std::pair<std::string_view, std::string_view>{"BlackA", "Black"} : std::pair<std::string_view, std::string_view>{"Black", "BlackA"}};
  for (const auto& [missing, from] : fills) {
    Tag* target = find_tag(game, missing);
    const Tag* source = find_tag(game, from);
    if (!empty_value(target) || empty_value(source)) continue;
    said.push_back(fmt::format("{} from {}", missing, from));
    const std::string value = source->value;
    if (target) {
      target->value = value;
    } else {
      game.tags.push_back(Tag{std::string(missing), value, {}});
    }
    count(RepairKind::RosterTag);
  }

  if (repairs == 0) return 0;
  ++counts.games;
  std::string text;
  for (const std::string& s : said) text += (text.empty() ? "" : "; ") + s;
  if (Tag* mark = find_tag(game, kRepairTag)) {
    mark->value += "; " + text;
  } else {
    game.tags.push_back(Tag{std::string(kRepairTag), text, {}});
  }
  return repairs;
}

}  // namespace bpgn
