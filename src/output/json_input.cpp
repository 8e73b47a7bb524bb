#include "output/json_input.h"

#include <string>

namespace bpgn {

std::string json_too_deep_message() {
  return "JSON nested deeper than " + std::to_string(kJsonDepthLimit) + " levels (the limit)";
}

std::optional<nlohmann::ordered_json> read_json_document(std::string_view text, JsonRefusal& refusal) {
  using Json = nlohmann::ordered_json;
  bool too_deep = false;
  // The parser itself keeps no recursion; what it builds would. A container opened past the limit
  // is discarded with all it holds (the callback's false), and the document refused below.
  const Json::parser_callback_t limit = [&too_deep](int depth, Json::parse_event_t event, Json&) {
    if ((event == Json::parse_event_t::object_start || event == Json::parse_event_t::array_start) &&
        static_cast<std::size_t>(depth) >= kJsonDepthLimit) {
      too_deep = true;
      return false;
    }
    return true;
  };
  Json doc = Json::parse(text, limit, /*allow_exceptions=*/false);
  if (too_deep) {
    refusal = {JsonRefusal::Kind::TooDeep, json_too_deep_message()};
    return std::nullopt;
  }
  if (doc.is_discarded()) {
    refusal = {JsonRefusal::Kind::NotJson, "not JSON"};
    return std::nullopt;
  }
  return doc;
}

}  // namespace bpgn
