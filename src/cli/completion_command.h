// `bpgn completion bash|zsh|fish`: a shell completion script made by walking the CLI11 app itself
// (subcommands, options, the values an option takes), so it names what the program has today.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace CLI {
class App;
}

namespace bpgn {

// The completion script of `shell` ("bash", "zsh" or "fish") for `app` (the root: `bpgn`);
// nullopt for another shell.
std::optional<std::string> completion_script(const CLI::App& app, std::string_view shell);

}  // namespace bpgn
