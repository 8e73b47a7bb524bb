# `cpack -G DEB` in the build folder: a Debian package of what `cmake --install` installs, under
# /usr, with its library dependencies worked out by dpkg-shlibdeps and the libraries it opens on
# first use (docs/install.md).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME bpgn)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "check, format and convert bughouse and chess game records")
# Lines of at most 80 characters (Debian policy; lintian).
set(CPACK_PACKAGE_DESCRIPTION "bpgn reads two-board bughouse game records (BPGN), crazyhouse and chess
records (PGN), replays them through a rules engine and reports every illegal
move, forbidden drop and rule violation; it writes records back in one
canonical form, converts them and builds tournament tables. The package also
holds the C++ library with its headers, the Python module and the shell
completions for bash, zsh and fish.")
# Who answers for the package: the Maintainer field and the changelog's signature. The default is
# a placeholder (example.org): set a real address when publishing the package.
set(BPGN_PACKAGE_MAINTAINER "bpgn developers <bpgn@example.org>" CACHE STRING
    "The Debian package's Maintainer (name <address>)")
set(CPACK_PACKAGE_CONTACT "${BPGN_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# utils: a tool for game records, not a game (lintian: package-section-games-but-contains-no-game).
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The libraries bpgn opens on first use (src/io/libraries.h): dpkg-shlibdeps cannot see a dlopen.
# The versions are the oldest with every function bpgn calls (the packages' symbols files:
# archive_read_support_format_rar5 came with libarchive 3.4.0).
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libarchive13 (>= 3.4.0), zlib1g (>= 1:1.1.4), liblzma5 (>= 5.1.1alpha+20110809)")
# The library's users need its dependencies' headers; the program and the Python module do not.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "libfmt-dev, tao-pegtl-dev, nlohmann-json3-dev, python3")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "man-db")
include(CPack)

# Debian's copyright file and, for a native package, changelog.gz (lintian: no-copyright-file,
# no-changelog), installed with the docs (share/doc/bpgn/).
string(TIMESTAMP BPGN_CHANGELOG_DATE "%a, %d %b %Y %H:%M:%S +0000" UTC)  # SOURCE_DATE_EPOCH if set
configure_file(cmake/debian/changelog.in ${CMAKE_BINARY_DIR}/debian/changelog @ONLY)
install(FILES cmake/debian/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR})
find_program(BPGN_GZIP gzip)
if(BPGN_GZIP)
  install(CODE "
    execute_process(COMMAND \"${BPGN_GZIP}\" -9nc \"${CMAKE_BINARY_DIR}/debian/changelog\"
                    OUTPUT_FILE \"${CMAKE_BINARY_DIR}/debian/changelog.gz\" RESULT_VARIABLE failed)
    if(failed)
      message(FATAL_ERROR \"gzip could not compress the changelog\")
    endif()
    file(INSTALL \"${CMAKE_BINARY_DIR}/debian/changelog.gz\" DESTINATION \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_DOCDIR}\")
  ")
else()
  install(FILES ${CMAKE_BINARY_DIR}/debian/changelog DESTINATION ${CMAKE_INSTALL_DOCDIR})
endif()
