# What `cmake --install` puts in place (docs/install.md): the binary (stripped), the engine as a
# static library with its public headers, a CMake package (find_package(bpgn): bpgn::bpgn and
# bpgn::core) and a pkg-config file, and the docs. Man pages: cmake/manpages.cmake; the Python
# module: src/python; completions: cmake/completions.cmake.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

option(BPGN_INSTALL_STRIP "Strip the installed binary (cmake --install)" ON)
if(BPGN_INSTALL_STRIP AND NOT BPGN_SANITIZE AND NOT BPGN_FUZZ)
  # As `cmake --install --strip` would: the targets installed after this line are stripped.
  install(CODE "set(CMAKE_INSTALL_DO_STRIP TRUE)")
endif()
install(TARGETS bpgn RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# Where the SARIF report's help links point: -DBPGN_DOCS_URI (e.g. a web copy) when given; else the
# docs beside the running binary when it runs from an installed tree (<prefix>/bin/bpgn: the
# tree's own share/doc/bpgn, wherever it was installed, e.g. the Debian package's /usr); else
# (a build folder, the library) the configured prefix's docs.
set(BPGN_DOCS_URI "" CACHE STRING "Where the SARIF report's help links point (default: the installed docs)")
if(BPGN_DOCS_URI)
  set(bpgn_docs_uri "${BPGN_DOCS_URI}")
  set(bpgn_docs_given 1)
else()
  set(bpgn_docs_uri "file://${CMAKE_INSTALL_FULL_DOCDIR}")
  set(bpgn_docs_given 0)
endif()
set_property(SOURCE ${CMAKE_SOURCE_DIR}/src/output/report_sarif.cpp APPEND PROPERTY
  COMPILE_DEFINITIONS BPGN_DOCS_URI="${bpgn_docs_uri}")
set_property(SOURCE ${CMAKE_SOURCE_DIR}/src/cli/docs_location.cpp APPEND PROPERTY
  COMPILE_DEFINITIONS BPGN_DOCS_URI_GIVEN=${bpgn_docs_given} BPGN_INSTALL_BINDIR="${CMAKE_INSTALL_BINDIR}"
  BPGN_INSTALL_DOCDIR="${CMAKE_INSTALL_DOCDIR}")

# The library: libbpgn.a (records, replay, reports, the facade api/bpgn_api.h) on libbpgn-core.a
# (the chess core and rule sets, standard library only).
set_target_properties(bpgn_core PROPERTIES OUTPUT_NAME bpgn-core EXPORT_NAME core)
set_target_properties(bpgn_lib PROPERTIES OUTPUT_NAME bpgn EXPORT_NAME bpgn)
install(TARGETS bpgn_core bpgn_lib EXPORT bpgnTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY src/core src/rules DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/bpgn FILES_MATCHING PATTERN "*.h")
install(FILES src/api/bpgn_api.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/bpgn/api)
install(FILES cmake/bpgn.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/bpgn)

set(BPGN_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/bpgn)
install(EXPORT bpgnTargets NAMESPACE bpgn:: DESTINATION ${BPGN_CMAKE_DIR})
configure_package_config_file(cmake/bpgnConfig.cmake.in ${CMAKE_BINARY_DIR}/bpgnConfig.cmake
  INSTALL_DESTINATION ${BPGN_CMAKE_DIR})
# 0.x: a new minor version may change the interface.
write_basic_package_version_file(${CMAKE_BINARY_DIR}/bpgnConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/bpgnConfig.cmake ${CMAKE_BINARY_DIR}/bpgnConfigVersion.cmake
  DESTINATION ${BPGN_CMAKE_DIR})

# pkg-config: relocatable (the prefix is found from the .pc file's own place).
file(RELATIVE_PATH BPGN_PC_TO_PREFIX /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
# zlib, liblzma and libarchive are opened on first use (dlopen), not linked: only dlopen's library.
set(BPGN_PC_DL "")
foreach(lib IN LISTS CMAKE_DL_LIBS)
  string(APPEND BPGN_PC_DL " -l${lib}")
endforeach()
string(STRIP "${BPGN_PC_DL}" BPGN_PC_DL)
configure_file(cmake/bpgn.pc.in ${CMAKE_BINARY_DIR}/bpgn.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/bpgn.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
