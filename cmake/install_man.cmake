# Part of `cmake --install` (cmake/manpages.cmake sets the variables): the man pages BPGN_MAN_FILES
# into BPGN_MAN_DESTINATION, compressed with gzip -9n (as Debian wants them) when BPGN_GZIP is set,
# the docs folder they name (BPGN_MAN_BUILD_DOCS_DIR, the configured prefix's) made the one of the
# prefix they are installed under (BPGN_MAN_DOCS_DIR; the Debian package: /usr/share/doc/bpgn).
file(REMOVE_RECURSE "${BPGN_MAN_STAGING}")
file(MAKE_DIRECTORY "${BPGN_MAN_STAGING}")
set(bpgn_pages)
foreach(page IN LISTS BPGN_MAN_FILES)
  get_filename_component(name "${page}" NAME)
  file(READ "${page}" text)
  string(REPLACE "${BPGN_MAN_BUILD_DOCS_DIR}" "${BPGN_MAN_DOCS_DIR}" text "${text}")
  file(WRITE "${BPGN_MAN_STAGING}/${name}" "${text}")
  if(BPGN_GZIP)
    execute_process(COMMAND "${BPGN_GZIP}" -9nf "${BPGN_MAN_STAGING}/${name}" RESULT_VARIABLE failed)
    if(failed)
      message(FATAL_ERROR "gzip could not compress ${name}")
    endif()
    list(APPEND bpgn_pages "${BPGN_MAN_STAGING}/${name}.gz")
  else()
    list(APPEND bpgn_pages "${BPGN_MAN_STAGING}/${name}")
  endif()
endforeach()
file(INSTALL ${bpgn_pages} DESTINATION "${BPGN_MAN_DESTINATION}")
file(REMOVE_RECURSE "${BPGN_MAN_STAGING}")
