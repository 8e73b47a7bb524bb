#include "cli/errors.h"

namespace bpgn {

std::string command_message(std::string_view command, std::string_view message) {
  std::string out = "bpgn";
  if (!command.empty()) {
    (out += ' ') += command;
    const std::string own = std::string(command) + ": ";
    if (message.starts_with(own)) message.remove_prefix(own.size());
  }
  out += ": ";
  out += message;
  return out;
}

}  // namespace bpgn
