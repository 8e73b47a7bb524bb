// `bpgn standings --format html`: one printable page in the check report's look (inline CSS, no
// script, nothing fetched): the table, then every match with each player's points, so every number
// of the table can be traced to its matches, then the invalid and the left-out matches.
#pragma once

#include "standings/standings.h"
#include "standings/standings_render.h"

#include <string>

namespace bpgn {

std::string standings_html(const Standings& s, const RenderOptions& options);

}  // namespace bpgn
