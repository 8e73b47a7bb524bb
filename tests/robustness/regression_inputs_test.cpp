// Every input in corpus/regressions/ (each once crashed, hung or broke a promise of the program;
// its README says what and where it was fixed) goes through the same properties the fuzz targets
// check: the reader, `check` (run_check under the default rules, turkish and crazyhouse, every
// output format) and `fmt` (run_fmt: every game written, idempotent, judged the same), and for
// `fen-*` / `san-*` inputs the FEN reader with the move generator / the SAN reader.
#include "fuzz/check_properties.h"
#include "fuzz/fen_properties.h"
#include "fuzz/fmt_properties.h"
#include "fuzz/reader_properties.h"
#include "fuzz/san_properties.h"
#include "robustness/robustness_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <string>
#include <vector>

namespace bpgn::robustness {
namespace {

const std::string kRegressions = kCorpus + "/regressions";

std::vector<std::string> regression_inputs() {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(kRegressions, ec)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_regular_file() && name != "README.md") names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  return names;
}

class RegressionInput : public testing::TestWithParam<std::string> {
 protected:
  void SetUp() override { fuzz::throw_failures() = true; }
  void TearDown() override { fuzz::throw_failures() = false; }
};

// Runs one property; a broken one is a test failure with its message, an escaping exception too.
template <typename Property>
void expect_property(const char* name, Property property) {
  try {
    property();
  } catch (const fuzz::PropertyFailure& e) {
    ADD_FAILURE() << name << ": " << e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << name << ": exception escaped: " << e.what();
  }
}

TEST_P(RegressionInput, KeepsEveryPromise) {
  const std::string name = GetParam();
  const std::string bytes = read_file(kRegressions + "/" + name);
  if (name.starts_with("fen-")) {
    expect_property("fen", [&] { fuzz::fen_properties(bytes); });
  } else if (name.starts_with("san-")) {
    expect_property("san", [&] { fuzz::san_properties(bytes); });
  }
  expect_property("reader", [&] { fuzz::reader_properties(bytes); });
  expect_property("check", [&] { fuzz::check_properties(bytes); });
  expect_property("fmt", [&] { fuzz::fmt_properties(bytes); });
}

std::string test_name(const testing::TestParamInfo<std::string>& info) {
  std::string s = info.param;
  for (char& c : s) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return s;
}

INSTANTIATE_TEST_SUITE_P(Corpus, RegressionInput, testing::ValuesIn(regression_inputs()), test_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(RegressionInput);

// The README has a line for every input (what it broke, where it was fixed), and names no input
// that is missing.
TEST(RegressionReadme, DescribesEveryInput) {
  const std::string readme = read_file(kRegressions + "/README.md");
  const std::vector<std::string> inputs = regression_inputs();
  EXPECT_FALSE(inputs.empty()) << "no regression input found in " << kRegressions;
  for (const std::string& name : inputs) {
    EXPECT_NE(readme.find("`" + name + "`"), std::string::npos) << name << " is not described in README.md";
  }
}

}  // namespace
}  // namespace bpgn::robustness
