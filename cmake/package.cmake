# `cpack -G DEB` in the build folder: a Debian package of what `cmake --install` installs, under
# /usr, with its library dependencies worked out by dpkg-shlibdeps and the libraries it opens on
# first use (docs/install.md).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME bpgn)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "check, format and convert bughouse and chess game records")
set(CPACK_PACKAGE_DESCRIPTION "bpgn reads two-board bughouse game records (BPGN), crazyhouse and chess records (PGN), \
replays them through a rules engine and reports every illegal move, forbidden drop and rule violation; \
it writes records back in one canonical form, converts them and builds tournament tables.")
set(CPACK_PACKAGE_CONTACT "bpgn developers <bpgn@localhost>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The libraries bpgn opens on first use (src/io/libraries.h): dpkg-shlibdeps cannot see a dlopen.
# The versions are the oldest with every function bpgn calls (the packages' symbols files:
# archive_read_support_format_rar5 came with libarchive 3.4.0).
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libarchive13 (>= 3.4.0), zlib1g (>= 1:1.1.4), liblzma5 (>= 5.1.1alpha+20110809)")
# The library's users need its dependencies' headers; the program and the Python module do not.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "libfmt-dev, tao-pegtl-dev, nlohmann-json3-dev, python3")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "man-db")
include(CPack)
