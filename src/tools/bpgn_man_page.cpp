// bpgn_man_page PAGE SUMMARY DOC DOCS_DIR: the Markdown of one man page (cli/man_page.h) on
// standard output, written from the program's own command line and the doc DOC. A build tool of
// cmake/manpages.cmake (pandoc makes the page from it); not installed.
#include "cli/man_page.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

int main(int argc, char** argv) {
  if (argc != 5) {
    std::cerr << "usage: bpgn_man_page PAGE SUMMARY DOC DOCS_DIR\n";
    return 2;
  }
  std::ifstream in(argv[3], std::ios::binary);
  std::stringstream doc;
  doc << in.rdbuf();
  if (!in) {
    std::cerr << "bpgn_man_page: cannot read " << argv[3] << '\n';
    return 3;
  }
  const bpgn::ManPageSource source{argv[1], argv[2], doc.str(),
                                   std::filesystem::path(argv[3]).filename().string(), argv[4]};
  std::cout << bpgn::program_man_page_markdown(source);
  return std::cout.flush() ? 0 : 3;
}
