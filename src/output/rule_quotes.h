// The rule a violation breaks, quoted from the user documentation (docs/rules.md, compiled into
// the program): the paragraph or list item that follows a `<!-- quote: CODE -->` marker there.
#pragma once

#include "record/game.h"
#include "replay/violation.h"
#include "rules/rule_set.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bpgn {

struct RuleQuote {
  std::string text;     // plain text: Markdown's `code`, **bold** and [links](...) undone
  std::string section;  // the heading of the rules.md section it stands in, e.g. "Drops"
};

// The quote for `v` under `rules`: a marker may name a variant of the code
// (`promotion-invalid:from_holding`, `illegal-move:castling`, `drop-gives-mate:forbidden_board_mate`),
// which wins over the bare code. nullopt for codes that are about the record rather than a rule
// (the report shows the code's summary for those).
std::optional<RuleQuote> rule_quote(const Violation& v, const Game& game, const RuleSet& rules);

// Every marker key of docs/rules.md with its quote (tests: each is found and each rule code has one).
std::vector<std::pair<std::string, RuleQuote>> all_rule_quotes();

// The text the quotes were taken from: docs/rules.md as built (defined in the file CMake generates
// from rules_document.cpp.in).
std::string_view rules_document();

// Markdown made plain text as the quotes are: `code` keeps its text without the backticks,
// *emphasis* and **bold** lose their stars, [text](target) keeps its text.
std::string markdown_plain(std::string_view markdown);

}  // namespace bpgn
