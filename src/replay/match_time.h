// A match time as `--at` takes it (`3:01`, `3:01.5`, `1:02:03`, `181.5s`, `181s`, `181.5`), told
// apart from a move (`23`, `23.`, `23a`): a time has a colon, an `s` after its seconds or digits
// after its decimal point. No I/O.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace bpgn {

// nullopt: `text` is not written as a time (it may be a move); a string: written as a time but not
// one (`3:75`, `-0:05`, `1:2`), saying why; else the seconds.
std::optional<std::variant<double, std::string>> read_match_time(std::string_view text);

}  // namespace bpgn
