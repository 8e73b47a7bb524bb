#include "replay/record_source.h"

#include "core/ascii.h"

#include <string>
#include <string_view>

namespace bpgn {
namespace {

bool mentions(const std::string* value, std::string_view word) {
  if (!value) return false;
  return ascii_lower(*value).find(word) != std::string::npos;
}

}  // namespace

bool always_writes_result_token(const Game& game) {
  if (game.dialect != Dialect::Bpgn) return false;
  if (game.tag("BughouseDBGameNo") || game.tag("Lag")) return true;
  for (std::string_view tag : {"Site", "Event"}) {
    const std::string* v = game.tag(tag);
    if (mentions(v, "fics") || mentions(v, "freechess")) return true;
  }
  return false;
}

bool writes_team_view(const Game& game) {
  if (game.tag("Outcome")) return true;
  const std::string* site = game.tag("Site");
  return site && mentions(site, "bughouse.pro");
}

}  // namespace bpgn
