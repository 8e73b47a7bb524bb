#include "output/utf8_sequence.h"

namespace bpgn {

std::size_t utf8_sequence(const unsigned char* p, const unsigned char* end, std::size_t& bad) {
  const unsigned char lead = *p;
  std::size_t need;                  // continuation bytes after the lead
  unsigned char lo = 0x80, hi = 0xBF;  // the range allowed for the first of them
  if (lead >= 0xC2 && lead <= 0xDF) {
    need = 1;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    need = 2;
    if (lead == 0xE0) lo = 0xA0;  // below: overlong
    if (lead == 0xED) hi = 0x9F;  // above: UTF-16 surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    need = 3;
    if (lead == 0xF0) lo = 0x90;  // below: overlong
    if (lead == 0xF4) hi = 0x8F;  // above: beyond U+10FFFF
  } else {
    bad = 1;  // a continuation byte alone, C0/C1 (always overlong), F5..FF
    return 0;
  }
  for (std::size_t i = 1; i <= need; ++i) {
    if (p + i == end || p[i] < lo || p[i] > hi) {
      bad = i;
      return 0;
    }
    lo = 0x80;
    hi = 0xBF;
  }
  return need + 1;
}

}  // namespace bpgn
