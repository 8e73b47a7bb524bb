// html_escape and xml_escape (text/markup_escape.h): the five characters of markup as references,
// the apostrophe as each language writes it, and what visible_text does to controls and bytes
// that are not UTF-8 first, so that a hostile name stays text in a page or a JUnit file.
#include "text/markup_escape.h"

#include <gtest/gtest.h>

namespace bpgn {
namespace {

TEST(MarkupEscape, TheFiveCharactersOfMarkupBecomeReferences) {
  EXPECT_EQ(html_escape(R"(<img src=x onerror="a&b">'s)"), "&lt;img src=x onerror=&quot;a&amp;b&quot;&gt;&#39;s");
  EXPECT_EQ(xml_escape(R"(<img src=x onerror="a&b">'s)"), "&lt;img src=x onerror=&quot;a&amp;b&quot;&gt;&apos;s");
}

TEST(MarkupEscape, ControlsAndBrokenBytesAreShownFirst) {
  // ESC and a lone continuation byte: visible_text's forms, whose own '<' is then escaped.
  EXPECT_EQ(html_escape("a\x1b[2Jb\x80"), "a&lt;U+001B&gt;[2Jb\\x80");
  EXPECT_EQ(xml_escape("\x0b"), "&lt;U+000B&gt;");
  EXPECT_EQ(html_escape("Ærøskøbing 日本"), "Ærøskøbing 日本");  // UTF-8 as it is
  EXPECT_EQ(html_escape(""), "");
}

}  // namespace
}  // namespace bpgn
