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
set(BPGN_MAN_FILES)
foreach(entry IN LISTS BPGN_MAN_PAGES)
  string(REPLACE "|" ";" parts "${entry}")
  list(GET parts 0 page)
  list(GET parts 1 doc)
  list(GET parts 2 summary)
  set(out ${CMAKE_BINARY_DIR}/man/${page}.1)
  add_custom_command(OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DPANDOC=${BPGN_PANDOC} -DDOC=${CMAKE_SOURCE_DIR}/docs/${doc} -DPAGE=${page}
            "-DSUMMARY=${summary}" -DVERSION=${PROJECT_VERSION} -DOUT=${out} -P ${CMAKE_SOURCE_DIR}/cmake/make_man.cmake
    DEPENDS ${CMAKE_SOURCE_DIR}/docs/${doc} ${CMAKE_SOURCE_DIR}/cmake/make_man.cmake
    COMMENT "Man page ${page}(1)" VERBATIM)
  list(APPEND BPGN_MAN_FILES ${out})
endforeach()
add_custom_target(manpages ALL DEPENDS ${BPGN_MAN_FILES})
install(FILES ${BPGN_MAN_FILES} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
