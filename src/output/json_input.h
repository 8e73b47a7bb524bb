// The one way bpgn reads a JSON document it did not write (chess.com board files; `summary merge`
// reads its lines with its own events under the same limit): nested at most kJsonDepthLimit
// levels deep, so that no input reaches a recursion (a destructor, dump(), a visitor) deeper than
// that. Deeper is an unreadable input, never a crash (docs/robustness.md, *Limits*).
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace bpgn {

// Arrays and objects inside one another, the outermost counted as 1.
inline constexpr std::size_t kJsonDepthLimit = 64;

struct JsonRefusal {
  enum class Kind { NotJson, TooDeep } kind = Kind::NotJson;
  std::string why;  // "not JSON", "JSON nested deeper than 64 levels (the limit)"
};

// The document in `text`, or nullopt with `refusal` saying why. The refused document is never
// built past the limit: what lies deeper is dropped as it is read.
std::optional<nlohmann::ordered_json> read_json_document(std::string_view text, JsonRefusal& refusal);

// The message for a document nested past the limit.
std::string json_too_deep_message();

}  // namespace bpgn
