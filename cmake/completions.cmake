# Shell completions, written at build time by the program itself (`bpgn completion bash|zsh|fish`,
# src/cli/completion_command.cpp: a walk over its own command line, so they never go stale):
# completions/bpgn.bash, _bpgn and bpgn.fish in the build folder, installed where bash-completion,
# zsh and fish look for them (docs/completion.md).
include(GNUInstallDirs)

set(BPGN_COMPLETIONS_DIR ${CMAKE_BINARY_DIR}/completions)
# shell -> the file it reads
set(BPGN_COMPLETION_FILES bash|bpgn.bash zsh|_bpgn fish|bpgn.fish)
set(BPGN_COMPLETION_OUTPUTS)
foreach(entry IN LISTS BPGN_COMPLETION_FILES)
  string(REPLACE "|" ";" entry ${entry})
  list(GET entry 0 shell)
  list(GET entry 1 file)
  add_custom_command(OUTPUT ${BPGN_COMPLETIONS_DIR}/${file}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${BPGN_COMPLETIONS_DIR}
    # Through a temporary file: a failed run leaves no script that looks up to date.
    COMMAND $<TARGET_FILE:bpgn> completion ${shell} > ${BPGN_COMPLETIONS_DIR}/${file}.tmp
    COMMAND ${CMAKE_COMMAND} -E rename ${BPGN_COMPLETIONS_DIR}/${file}.tmp ${BPGN_COMPLETIONS_DIR}/${file}
    DEPENDS bpgn
    COMMENT "Writing the ${shell} completion of bpgn"
    VERBATIM)
  list(APPEND BPGN_COMPLETION_OUTPUTS ${BPGN_COMPLETIONS_DIR}/${file})
endforeach()
add_custom_target(bpgn_completions ALL DEPENDS ${BPGN_COMPLETION_OUTPUTS})

install(FILES ${BPGN_COMPLETIONS_DIR}/bpgn.bash
  DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME bpgn)
install(FILES ${BPGN_COMPLETIONS_DIR}/_bpgn DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
install(FILES ${BPGN_COMPLETIONS_DIR}/bpgn.fish DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
