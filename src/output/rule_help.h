// The help of a violation code as the SARIF report's rules carry it (`help.markdown`, `help.text`):
// its entry in docs/check.md's "Violation codes" (the table's row and the notes on where it is
// reported), compiled into the program as the HTML report's quotes of rules.md are.
#pragma once

#include "replay/violation.h"

#include <string>
#include <string_view>

namespace bpgn {

struct RuleHelp {
  std::string markdown;  // the docs' own Markdown, with a closing line saying where the docs are
  std::string text;      // the same as plain text (Markdown's `code`, **bold**, [links](...) undone)
};

// `docs_link`: the address of check.md to link to (an https address), or empty; `docs_path`: where
// the docs are installed, said as text (empty: not said).
RuleHelp rule_help(ViolationCode code, std::string_view docs_link, std::string_view docs_path);

// docs/check.md's "Violation codes" entry of `code`: its table row's text ("the dropped piece is
// not in the mover's holding at that moment") and the notes of "Where each is reported" that name
// it; empty when the docs have no row for it (a test keeps every code in the table).
std::string violation_entry(ViolationCode code);

// The section as built (defined in the file CMake generates from check_document.cpp.in).
std::string_view violation_codes_document();

}  // namespace bpgn
