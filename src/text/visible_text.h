// The one form in which the program shows text it did not write itself (player names, tags,
// comments, moves as written, file and archive member names) in messages and reports, so that such
// text stays text: it cannot move the cursor, clear the screen, set a terminal's title, split a
// line, reorder what follows it, or make a report ill-formed (docs/check.md, "Text from the
// records").
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace bpgn {

// `text` with every character one cannot see written `<U+XXXX>` (four or more upper-case hex
// digits): the C0 controls U+0000..U+001F (tab and line feed too), DEL U+007F, the C1 controls
// U+0080..U+009F, the soft hyphen U+00AD, the zero-width and bidirectional marks U+200B..U+200F,
// U+2028..U+202E, U+2060..U+2069 and U+FEFF. Each byte that is not part of well-formed UTF-8 is
// written `\xHH` (two lower-case hex digits: the byte, as bash's $'...' and C read it). Everything
// else, valid UTF-8 of any script included, is copied as it is.
//
// The result is valid UTF-8 without controls, and writing it again changes nothing (the forms
// themselves are printable ASCII): a message that quotes a name already shown is safe to show
// whole. Text that itself contains `<U+` or `\x` is not changed, so only in that case does a shown
// name read two ways.
std::string visible_text(std::string_view text);
// Whether visible_text writes this code point `<U+XXXX>` (the characters listed above).
bool is_invisible(std::uint32_t code_point);
void append_visible_text(std::string& out, std::string_view text);

// A path or another name the user gave (a file, a folder, an output, an archive member, an option's
// value) as every message shows it: visible_text of it, so that a name holding an escape sequence
// or a line feed cannot act on the terminal or split a message. The one form for names in
// messages (docs/robustness.md, "Gates"); writing it again changes nothing, so a message built
// from shown names may be shown whole again.
std::string shown_path(std::string_view path);

// At most this many bytes of one value (a move as written, a tag's value, a name) are quoted in a
// message.
inline constexpr std::size_t kQuotedBytes = 200;

// `text` when it has at most `max_bytes` bytes; else its first bytes (cut before a character that
// would not fit), `…` and its length: `aaaa… (16777216 bytes)`. Not escaped: show it visible_text.
std::string clipped(std::string_view text, std::size_t max_bytes = kQuotedBytes);
// `text` in double quotes, cut as clipped() cuts it, the length after the closing quote:
// `"e4"`, `"aaaa…" (16777216 bytes)`.
std::string quoted_value(std::string_view text, std::size_t max_bytes = kQuotedBytes);

// A message (the program's words with such values in them) as every report and every line on
// standard error shows it: visible_text of at most its first kMessageBytes bytes (clipped), a
// bound for values a message quotes without clipping them itself.
inline constexpr std::size_t kMessageBytes = 2000;
std::string shown_message(std::string_view message);

}  // namespace bpgn
