#include "cli/errors.h"

#include "text/visible_text.h"

#include <ostream>

namespace bpgn {

std::string input_name(std::string_view path) { return path == "-" ? std::string("standard input") : visible_text(path); }

std::string command_message(std::string_view command, std::string_view message) {
  std::string out = "bpgn";
  if (!command.empty()) {
    (out += ' ') += command;
    const std::string own = std::string(command) + ": ";
    if (message.starts_with(own)) message.remove_prefix(own.size());
  }
  out += ": ";
  append_visible_text(out, message);
  return out;
}

int report_error(std::string_view command, const CommandError& error, std::ostream& err) {
  err << command_message(command, error.what()) << '\n';
  return error.exit_code;
}

}  // namespace bpgn
