#include "output/canonical_tags.h"

#include <array>
#include <cstring>

namespace bpgn {
namespace {

constexpr std::array<std::string_view, 14> kBpgnOrder{
    "Event",     "Site",   "Date",      "Time",   "WhiteA",    "WhiteAElo",   "BlackA",
    "BlackAElo", "WhiteB", "WhiteBElo", "BlackB", "BlackBElo", "TimeControl", "Result"};
constexpr std::array<std::string_view, 7> kPgnOrder{"Event", "Site",  "Date",  "Round",
                                                    "White", "Black", "Result"};

bool date_char(char c) { return (c >= '0' && c <= '9') || c == '?'; }

}  // namespace

std::span<const std::string_view> canonical_tag_order(Dialect dialect) {
  if (dialect == Dialect::Bpgn) return kBpgnOrder;
  return kPgnOrder;
}

void order_tags(const std::vector<Tag>& tags, Dialect dialect, std::vector<const Tag*>& out) {
  out.clear();
  const auto order = canonical_tag_order(dialect);
  // A record has few tags: linear scans beat any map here.
  std::array<const Tag*, 14> fixed{};
  for (const Tag& t : tags) {
    for (std::size_t i = 0; i < order.size(); ++i) {
      if (t.name == order[i] && !fixed[i]) {
        fixed[i] = &t;
        break;
      }
    }
  }
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (fixed[i]) out.push_back(fixed[i]);
  }
  for (const Tag& t : tags) {
    bool placed = false;
    for (std::size_t i = 0; i < order.size(); ++i) placed = placed || fixed[i] == &t;
    if (!placed) out.push_back(&t);
  }
}

bool is_date_tag(std::string_view name) { return name == "Date" || name == "UTCDate" || name == "EventDate"; }

std::string normalise_date(std::string_view value) {
  std::string out(value);
  if (value.size() != 10) return out;
  const char sep = value[4];
  if ((sep != '-' && sep != '/') || value[7] != sep) return out;
  for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) {
    if (!date_char(value[i])) return out;
  }
  out[4] = '.';
  out[7] = '.';
  return out;
}

void append_tag(std::string& out, std::string_view name, std::string_view value) {
  // Written in place: `out` first takes the most the line can need (every byte of the value
  // escaped), then is cut to what was written.
  const std::size_t at = out.size();
  out.resize(at + name.size() + 2 * value.size() + 6);
  char* const begin = out.data() + at;
  char* p = begin;
  *p++ = '[';
  std::memcpy(p, name.data(), name.size());
  p += name.size();
  *p++ = ' ';
  *p++ = '"';
  for (const char c : value) {
    if (static_cast<unsigned char>(c) > '"' && c != '\\') {  // the common case in one test
      *p++ = c;
    } else if (c == '\\' || c == '"') {
      *p++ = '\\';
      *p++ = c;
    } else if (c == '\n' || c == '\r' || c == '\t') {
      *p++ = ' ';
    } else {
      *p++ = c;
    }
  }
  *p++ = '"';
  *p++ = ']';
  *p++ = '\n';
  out.resize(at + std::size_t(p - begin));
}

}  // namespace bpgn
