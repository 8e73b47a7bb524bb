// What a command was handed, made the list of files to read: files as given, folders searched for
// records (pipeline/input/folder_walk.h), lists of paths read from a file (`--files-from`,
// `--files0-from`)
// (docs/check.md, *Inputs*).
#pragma once

#include "pipeline/input/inputs.h"

#include <string>
#include <vector>

namespace bpgn {

struct InputOptions {
  // File-name patterns (shell style: `*.bpgn`, `2019-??.pgn`) a file found in a folder must match;
  // none: kDefaultRecordPatterns. Files named on the command line are read whatever their name.
  std::vector<std::string> include;
  std::string files_from;  // a file with one path per line ('-': standard input); empty: none
  // A file of paths each ended by a NUL byte (find -print0; '-': standard input); empty: none.
  std::string files0_from;
  bool allow_empty = false;
  // Whether a list of names is given (--files-from or --files0-from).
  bool has_lists() const { return !files_from.empty() || !files0_from.empty(); }  // --allow-empty: a run that reads no game at all is no failure
};

// The names a folder's files are taken by when no --include is given: records, compressed
// records and archives (which are read by content, whatever their name, when named directly).
inline const std::vector<std::string> kDefaultRecordPatterns = {
    "*.[bB][pP][gG][nN]",      "*.[pP][gG][nN]",      "*.[bB][pP][gG][nN].gz", "*.[pP][gG][nN].gz",
    "*.[bB][pP][gG][nN].bz2",  "*.[pP][gG][nN].bz2",  "*.[bB][pP][gG][nN].xz", "*.[pP][gG][nN].xz",
    "*.[bB][pP][gG][nN].zst",  "*.[pP][gG][nN].zst",  "*.[bB][pP][gG][nN].lz4", "*.[pP][gG][nN].lz4",
    "*.zip", "*.ZIP", "*.tar", "*.tar.gz", "*.tgz", "*.tar.bz2", "*.tar.xz", "*.tar.zst", "*.7z"};

struct InputList {
  // The inputs, folders expanded; a folder that could not be opened or read is among them in its
  // place, so that opening it fails as it did and the command reports it like an unreadable file.
  std::vector<std::string> files;
  // A --files-from list that could not be read (through): an input failure among the files, where
  // its paths would have been (the paths read before a read error are kept).
  std::vector<FailureAt> failures;
  std::vector<std::string> notes;  // folders that hold no file to read
};

// The files to read, in order: each argument as given ('-' stays standard input), a folder's
// matching files in path order (recursively, symbolic links to folders not followed), then the
// paths of --files-from, then of --files0-from (read through the opener: it may be compressed;
// blank lines skipped in the first; a path there may be a folder too). A name that does not exist
// is kept, so that reading it says so. Throws UsageError (exit 2) for a --files-from line holding a
// NUL byte (the list is for --files0-from) or an empty --files0-from name, IoError (exit 3) for a
// list that is a folder or a device or is beyond kListLimits (pipeline/input/input_lines.h).
InputList expand_inputs(const std::vector<std::string>& args, const InputOptions& options);

// Each argument as given, a folder replaced by its own regular files (not its subfolders'), in
// name order, whatever their names (chess.com board files).
std::vector<std::string> files_and_folder_files(const std::vector<std::string>& args);

}  // namespace bpgn
