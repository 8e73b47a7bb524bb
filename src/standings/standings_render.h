// The tables of `bpgn standings` as text, Markdown, CSV and JSON (docs/standings.md).
#pragma once

#include "standings/standings.h"

#include <string>

namespace bpgn {

enum class StandingsBy { Player, Team };
enum class StandingsFormat { Text, Markdown, Csv, Json };

struct RenderOptions {
  StandingsBy by = StandingsBy::Player;
  StandingsFormat format = StandingsFormat::Text;
  std::string scoring;  // words for the heading: "Turkish scoring", "match scoring"
};

std::string render_standings(const Standings& s, const RenderOptions& options);

// "10.5", "2", "0.25": points without trailing zeros.
std::string points_text(double p);

}  // namespace bpgn
