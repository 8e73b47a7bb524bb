// `bpgn completion bash|zsh|fish`: the script of a shell (completion_model.h reads the app; one
// file per shell writes its script).
#include "cli/completion_command.h"
#include "cli/command_app.h"

#include "cli/commands.h"
#include "cli/completion_model.h"
#include "cli/errors.h"
#include "pipeline/run/exit_codes.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

namespace bpgn {

std::optional<std::string> completion_script(const CLI::App& app, std::string_view shell) {
  const CompletedCommand root = read_completions(app);
  if (shell == "bash") return bash_script(root);
  if (shell == "zsh") return zsh_script(root);
  if (shell == "fish") return fish_script(root);
  return std::nullopt;
}

void add_completion_command(CommandApp* cmd, CommandAction& action) {
  CLI::App& app = *cmd->get_parent();
  auto shell = std::make_shared<std::string>();
  // The type name lists the shells as an IsMember validator would, so the script completes them;
  // an unknown shell is this command's own message.
  cmd->add_option("shell", *shell, "The shell: bash, zsh or fish")->required()->type_name("TEXT:{bash,zsh,fish}");
  cmd->callback([&app, shell, &action] {
    action = [&app, shell] {
      const std::optional<std::string> script = completion_script(app, *shell);
      if (!script) throw UsageError("no shell '" + *shell + "' (bash, zsh or fish)");
      std::cout << *script;
      return kExitClean;
    };
  });
}

}  // namespace bpgn
