# Man pages, made at build time from the docs with pandoc (Debian: pandoc): bpgn(1) from
# docs/bpgn.md, bpgn-check(1) from docs/check.md, and so on; installed under share/man/man1.
# Without pandoc the build goes on without them (a message says so).
find_program(BPGN_PANDOC pandoc)
if(NOT BPGN_PANDOC OR BPGN_FUZZ)
  message(STATUS "bpgn man pages: skipped (no pandoc; Debian: pandoc)")
  return()
endif()

# page name -> the doc it is made from, and its one-line summary (the NAME section).
set(BPGN_MAN_PAGES
  "bpgn|bpgn.md|check, format and convert bughouse and chess game records"
  "bpgn-check|check.md|replay every game and report every violation"
  "bpgn-fmt|fmt.md|write records back in canonical form"
  "bpgn-convert|convert.md|convert records between BPGN, per-board PGN, JSON and chess.com pairs"
  "bpgn-show|show.md|show one moment of a match for the arbiter"
  "bpgn-view|view.md|the match viewer: step or play through matches in a browser"
  "bpgn-standings|standings.md|tournament tables from checked matches"
  "bpgn-summary|sharding.md|add up the counts of check runs over shards of a corpus"
  "bpgn-perft|perft.md|count move-generator leaf nodes from a position"
  "bpgn-completion|completion.md|shell completions for bash, zsh and fish")
# The build tool that writes a page's Markdown from the command line itself (not installed).
add_executable(bpgn_man_page src/tools/bpgn_man_page.cpp)
target_link_libraries(bpgn_man_page PRIVATE bpgn_cli)
target_compile_options(bpgn_man_page PRIVATE ${BPGN_WARNINGS})

# doc -> page, for the links between pages ("check.md=bpgn-check,...").
set(BPGN_MAN_DOC_PAGES)
foreach(entry IN LISTS BPGN_MAN_PAGES)
  string(REPLACE "|" ";" parts "${entry}")
  list(GET parts 0 page)
  list(GET parts 1 doc)
  list(APPEND BPGN_MAN_DOC_PAGES "${doc}=${page}")
endforeach()
string(REPLACE ";" "," BPGN_MAN_DOC_PAGES "${BPGN_MAN_DOC_PAGES}")

set(BPGN_MAN_FILES)
foreach(entry IN LISTS BPGN_MAN_PAGES)
  string(REPLACE "|" ";" parts "${entry}")
  list(GET parts 0 page)
  list(GET parts 1 doc)
  list(GET parts 2 summary)
  set(out ${CMAKE_BINARY_DIR}/man/${page}.1)
  add_custom_command(OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DGENERATOR=$<TARGET_FILE:bpgn_man_page> -DPANDOC=${BPGN_PANDOC}
            -DFILTER=${CMAKE_SOURCE_DIR}/cmake/man_filter.lua -DDOC=${CMAKE_SOURCE_DIR}/docs/${doc} -DPAGE=${page}
            "-DSUMMARY=${summary}" -DVERSION=${PROJECT_VERSION} -DDOCS_DIR=${CMAKE_INSTALL_FULL_DOCDIR}
            -DPAGES=${BPGN_MAN_DOC_PAGES} -DOUT=${out} -P ${CMAKE_SOURCE_DIR}/cmake/make_man.cmake
    DEPENDS ${CMAKE_SOURCE_DIR}/docs/${doc} ${CMAKE_SOURCE_DIR}/cmake/make_man.cmake
            ${CMAKE_SOURCE_DIR}/cmake/man_filter.lua bpgn_man_page
    COMMENT "Man page ${page}(1)" VERBATIM)
  list(APPEND BPGN_MAN_FILES ${out})
endforeach()
add_custom_target(manpages ALL DEPENDS ${BPGN_MAN_FILES})

# Installed compressed (gzip -9n, as Debian wants them), the docs folder they name made the one of
# the prefix they are installed under (the Debian package: /usr/share/doc/bpgn).
find_program(BPGN_GZIP gzip)
install(CODE "
  set(BPGN_MAN_FILES \"${BPGN_MAN_FILES}\")
  set(BPGN_MAN_BUILD_DOCS_DIR \"${CMAKE_INSTALL_FULL_DOCDIR}\")
  set(BPGN_MAN_DOCS_DIR \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_DOCDIR}\")
  set(BPGN_MAN_DESTINATION \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_MANDIR}/man1\")
  set(BPGN_MAN_STAGING \"${CMAKE_BINARY_DIR}/man/staging\")
  set(BPGN_GZIP \"${BPGN_GZIP}\")
  include(\"${CMAKE_SOURCE_DIR}/cmake/install_man.cmake\")
")
