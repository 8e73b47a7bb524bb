// The facade's small parts: its version, its error, its inputs. The streams are in
// check_stream.cpp and read_stream.cpp, fmt in fmt_text.cpp.
#include "api/bpgn_api.h"

#include "rules/rule_set.h"

#include <utility>

namespace bpgn::api {
namespace {

// "file:line:column: message" with a place, else the message.
std::string error_text(const std::string& file, std::uint32_t line, std::uint32_t column,
                       const std::string& message) {
  if (file.empty() || line == 0) return message;
  return file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + message;
}

}  // namespace

std::string_view version() { return BPGN_VERSION_TEXT; }

std::vector<std::string> rule_set_names() {
  std::vector<std::string> names;
  for (std::string_view n : bpgn::rule_set_names()) names.emplace_back(n);
  return names;
}

Error::Error(std::string file, std::uint32_t line, std::uint32_t column, std::string message)
    : std::runtime_error(error_text(file, line, column, message)),
      file_(std::move(file)),
      line_(line),
      column_(column),
      message_(std::move(message)) {}

Input Input::from_text(std::string text, std::string name) {
  Input input;
  input.name = std::move(name);
  input.text = std::move(text);
  return input;
}

Input Input::from_file(std::string path) {
  Input input;
  input.is_file = true;
  input.name = std::move(path);
  return input;
}

}  // namespace bpgn::api
