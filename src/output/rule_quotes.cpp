#include "output/rule_quotes.h"

#include "core/ascii.h"

#include <map>

namespace bpgn {

namespace {

constexpr std::string_view kMarker = "<!-- quote:";

// Blank space around a line of the rules document (a CR of a CRLF line at its end).
std::string_view trim_line(std::string_view s) { return trim_back(trim_front(s, " \t"), " \t\r"); }

std::size_t indent_of(std::string_view line) {
  std::size_t n = 0;
  while (n < line.size() && line[n] == ' ') ++n;
  return n;
}

// A list item's start: `- `, `* ` or `12. ` after the indentation; returns the marker's length.
std::size_t item_marker(std::string_view line) {
  line = line.substr(indent_of(line));
  if (line.starts_with("- ") || line.starts_with("* ")) return 2;
  std::size_t digits = 0;
  while (digits < line.size() && line[digits] >= '0' && line[digits] <= '9') ++digits;
  if (digits > 0 && line.substr(digits).starts_with(". ")) return digits + 2;
  return 0;
}

using QuoteTable = std::map<std::string, RuleQuote, std::less<>>;

QuoteTable read_quotes(std::string_view doc) {
  QuoteTable table;
  std::string section;
  std::vector<std::string> pending;  // keys of the markers waiting for their block
  std::string block;
  std::size_t block_indent = 0;
  bool in_block = false;
  auto finish = [&] {
    if (!in_block) return;
    RuleQuote q{markdown_plain(block), section};
    for (std::string& key : pending) table.emplace(std::move(key), q);
    pending.clear();
    block.clear();
    in_block = false;
  };
  std::size_t at = 0;
  while (at <= doc.size()) {
    std::size_t end = doc.find('\n', at);
    if (end == std::string_view::npos) end = doc.size();
    const std::string_view raw = doc.substr(at, end - at);
    at = end + 1;
    const std::string_view line = trim_line(raw);
    if (in_block) {
      const bool new_item = item_marker(raw) != 0 && indent_of(raw) <= block_indent;
      if (line.empty() || new_item || line.starts_with("#") || line.starts_with(kMarker)) {
        finish();
      } else {
        block += ' ';
        block += line;
        continue;
      }
    }
    if (line.starts_with("## ")) section = std::string(line.substr(3));
    if (line.starts_with(kMarker)) {
      std::string_view keys = line.substr(kMarker.size());
      if (const std::size_t close = keys.find("-->"); close != std::string_view::npos) keys = keys.substr(0, close);
      while (!(keys = trim_line(keys)).empty()) {
        const std::size_t space = keys.find(' ');
        pending.emplace_back(keys.substr(0, space));
        keys = space == std::string_view::npos ? std::string_view() : keys.substr(space);
      }
      continue;
    }
    if (!pending.empty() && !line.empty()) {
      in_block = true;
      block_indent = indent_of(raw);
      block = std::string(trim_line(raw.substr(block_indent + item_marker(raw))));
    }
    if (end == doc.size()) break;
  }
  finish();
  return table;
}

const QuoteTable& quotes() {
  static const QuoteTable table = read_quotes(rules_document());
  return table;
}

std::string_view variant_of(const Violation& v, const Game& game, const RuleSet& rules) {
  switch (v.code) {
    case ViolationCode::PromotionInvalid:
    case ViolationCode::PromotionMissing:
      switch (rules.promotion) {
        case Promotion::Choice: return "choice";
        case Promotion::FromHolding: return "from_holding";
        case Promotion::StealFromPartnerBoard: return "steal_from_partner_board";
        case Promotion::Discard: return "discard";
      }
      return {};
    case ViolationCode::DropGivesMate:
      return rules.drop_mate == DropMate::ForbiddenBoardMate ? "forbidden_board_mate" : "";
    case ViolationCode::IllegalMove:
    case ViolationCode::KingLeftInCheck: {
      if (!v.ply || *v.ply >= game.plies.size()) return {};
      const std::string& san = game.plies[*v.ply].san;
      if (san.starts_with("O-O") || san.starts_with("0-0")) return "castling";
      if (san.find('@') != std::string::npos || san.find('*') != std::string::npos) return "drop";
      return {};
    }
    default: return {};
  }
}

}  // namespace

std::string markdown_plain(std::string_view md) {
  std::string out;
  bool in_code = false;
  for (std::size_t i = 0; i < md.size(); ++i) {
    const char c = md[i];
    if (c == '`') {
      in_code = !in_code;
      continue;
    }
    if (in_code) {
      out += c;
      continue;
    }
    if (c == '*') continue;
    if (c == ']' && i + 1 < md.size() && md[i + 1] == '(') {
      const std::size_t close = md.find(')', i);
      if (close != std::string_view::npos) {
        i = close;
        continue;
      }
    }
    if (c == '[') {  // a link's text opens: its `]` is followed by `(`
      const std::size_t close = md.find(']', i);
      if (close != std::string_view::npos && md.substr(close).starts_with("](")) continue;
    }
    out += c;
  }
  return out;
}

std::optional<RuleQuote> rule_quote(const Violation& v, const Game& game, const RuleSet& rules) {
  const std::string_view code = info(v.code).code;
  const std::string_view variant = variant_of(v, game, rules);
  const QuoteTable& table = quotes();
  if (!variant.empty()) {
    if (auto it = table.find(std::string(code) + ":" + std::string(variant)); it != table.end()) return it->second;
  }
  if (auto it = table.find(code); it != table.end()) return it->second;
  return std::nullopt;
}

std::vector<std::pair<std::string, RuleQuote>> all_rule_quotes() {
  return {quotes().begin(), quotes().end()};
}

}  // namespace bpgn
