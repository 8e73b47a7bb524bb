#include "output/append_text.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <climits>

namespace bpgn {
namespace {

TEST(AppendText, DecimalAsFmtWritesIt) {
  for (long long n : {0LL, 1LL, 9LL, 10LL, 99LL, 100LL, 12345LL, -1LL, -907LL, LLONG_MAX, LLONG_MIN}) {
    std::string out = "x";
    append_decimal(out, n);
    EXPECT_EQ(out, "x" + fmt::format("{}", n)) << n;
  }
  for (int n = -2000; n <= 2000; ++n) {
    std::string out;
    append_decimal(out, n);
    ASSERT_EQ(out, fmt::format("{}", n));
  }
}

}  // namespace
}  // namespace bpgn
