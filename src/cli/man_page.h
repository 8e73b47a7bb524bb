// The man page of a subcommand as Markdown for pandoc (cmake/manpages.cmake): NAME, then SYNOPSIS
// and OPTIONS read off the command line itself (completion_model.h, as the shell completions are),
// the prose of the subcommand's doc, and EXIT STATUS from the help's footer (help_text.h). The
// docs' tables and links are made man-friendly afterwards by cmake/man_filter.lua.
#pragma once

#include "cli/completion_model.h"

#include <string>
#include <string_view>

namespace bpgn {

struct ManPageSource {
  std::string page;     // "bpgn-check", or "bpgn" for the program's own page
  std::string summary;  // the NAME line's text after "bpgn-check - "
  std::string doc;      // the Markdown of the doc the prose comes from (docs/check.md)
  std::string doc_name; // "check.md": named in SEE ALSO under `docs_dir`
  std::string docs_dir; // where the docs are installed ("/usr/share/doc/bpgn")
};

// The page's Markdown. `root`: the whole command line (read_completions). A page that names no
// subcommand ("bpgn") keeps its doc's own sections (docs/bpgn.md is written as a man page).
std::string man_page_markdown(const CompletedCommand& root, const ManPageSource& source);

// The page's Markdown, read off the program's whole command line (define_command_line).
std::string program_man_page_markdown(const ManPageSource& source);

// `text` with Markdown's special characters escaped, code spans (`...`) kept as they are.
std::string markdown_escaped(std::string_view text);

}  // namespace bpgn
