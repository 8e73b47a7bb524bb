// The facade numbers a game twice, as the reports do: `index` over the whole input, `file_index`
// within its own file or archive member.
#include "api/bpgn_api.h"
#include "cli/binary_run.h"
#include "io/archive_fixture.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace bpgn::check_test {
namespace {

TEST(ApiFileIndex, CountsWithinEachArchiveMemberAndAgreesWithTheJson) {
  const std::string game = bpgn("1A. e4 {179} 1a. e5 {179}");
  const std::string zip = temp_path("api-file-index.zip");
  // Two games in the first member, three in the second.
  test::write_archive(zip, test::Filter::None, test::Container::Zip,
                      {{"one.bpgn", game + "\n" + game}, {"two.bpgn", game + "\n" + game + "\n" + game}});
  const std::vector<api::CheckedGame> checked = api::check(api::Input::from_file(zip));
  const std::vector<api::RecordGame> read = api::read(api::Input::from_file(zip));
  std::filesystem::remove(zip);
  ASSERT_EQ(checked.size(), 5u);
  ASSERT_EQ(read.size(), 5u);
  const std::vector<std::size_t> expected{1, 2, 1, 2, 3};
  for (std::size_t i = 0; i < checked.size(); ++i) {
    EXPECT_EQ(checked[i].index, i + 1);
    EXPECT_EQ(checked[i].file_index, expected[i]) << i;
    EXPECT_EQ(read[i].file_index, expected[i]) << i;
    EXPECT_EQ(nlohmann::json::parse(checked[i].json).at("file_index").get<std::size_t>(), expected[i]) << i;
  }
  EXPECT_EQ(checked[2].file, zip + ":two.bpgn");
}

}  // namespace
}  // namespace bpgn::check_test
