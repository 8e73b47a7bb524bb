// The tables of `bpgn standings` as text, Markdown, CSV, JSON and HTML (docs/standings.md).
#pragma once

#include "output/markdown_text.h"  // markdown_text, which the Markdown table uses
#include "standings/standings.h"

#include <string>
#include <string_view>
#include <vector>

namespace bpgn {

enum class StandingsBy { Player, Team };
enum class StandingsFormat { Text, Markdown, Csv, Json, Html };

struct RenderOptions {
  StandingsBy by = StandingsBy::Player;
  StandingsFormat format = StandingsFormat::Text;
  std::string scoring;  // words for the heading: "Turkish scoring", "match scoring"
  std::vector<std::string> inputs;  // named in the HTML page's header
  std::string title;                // --title; empty: the matches' Event tags name the page
  // The per-round columns (by player) and the crosstable (by team) are drawn only when they have
  // at most this many columns (an archive of matches without Round tags has a round per match);
  // JSON always has them.
  std::size_t max_columns = 40;
};

// When the table leaves its per-round columns or its crosstable out (RenderOptions::max_columns):
// a sentence saying so ("The points per round are left out: ..."); else empty.
std::string columns_left_out(const Standings& s, const RenderOptions& options);

// Whether the table of `options.by` has a cell the arbiter decided (marked `*`), and the legend
// under the table that says what the mark means ("" when none; CSV has no place for it: the
// command says it on standard error).
bool has_arbiter_marks(const Standings& s, const RenderOptions& options);
std::string arbiter_legend(const Standings& s, const RenderOptions& options);

// The page's title: --title, else the Event of the matches (the events, up to three, when they
// differ: "Cup / League and 2 more events"); empty when no match names one.
std::string standings_title(const Standings& s, const RenderOptions& options);

std::string render_standings(const Standings& s, const RenderOptions& options);


// A CSV cell (RFC 4180): quoted when it holds `,`, `"`, CR or LF; a cell a spreadsheet would run as
// a formula (it starts with =, +, -, @, tab or CR and is not a number) quoted with `'` in front.
std::string csv_cell(std::string_view cell);

// "10.5", "2", "0.25": points without trailing zeros.
std::string points_text(double p);

}  // namespace bpgn
