#include "cli/fmt_files.h"

#include "io/commit/atomic_file.h"
#include "pipeline/output/file_claims.h"
#include "pipeline/output/run_outputs.h"
#include "pipeline/input/stream_comparer.h"
#include "text/visible_text.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <functional>

namespace bpgn {
namespace {

// The --files-from lists that could not be read, said in their place among the inputs (--in-place
// and --check read each input on its own).
struct ListFailures {
  const std::vector<FailureAt>& at;
  std::size_t next = 0;
  void before(std::size_t input, FmtTotals& totals, std::ostream& err) {
    for (; next < at.size() && at[next].before <= input; ++next) {
      fmt_cannot_read(at[next].failure.file, at[next].failure.reason, totals, err);
    }
  }
};

// One input on its own in one thread (--in-place, --check): `produced` sees what is written,
// `original` the input's bytes. With `plain_only` (--in-place) a compressed file or an archive is
// refused: it cannot be rewritten as text. False when it could not be read.
bool format_one(const std::string& path, const FmtSettings& base, FmtTotals& totals, WriteCounts& counts,
                std::ostream& err, const std::function<void(std::string_view)>& produced,
                std::function<void(std::string_view)> original = nullptr, bool plain_only = false) {
  InputStreams inputs({path});
  if (plain_only) {
    if (inputs.next() == InputStreams::Step::Failure) {
      fmt_cannot_read(inputs.failure().file, inputs.failure().reason, totals, err);
      return false;
    }
    if (inputs.packing() != Packing::Plain) {
      fmt::print(err, "bpgn fmt: cannot rewrite {} in place: it is compressed or an archive (write it with -o)\n",
                 visible_text(path));
      totals.io_failed = true;
      return false;
    }
  }
  FmtSettings settings = base;
  settings.jobs = 1;
  settings.watch = original ? std::move(original) : [](std::string_view) {};
  bool first = true;
  return format_games(inputs, settings, [&](std::string_view text) { produced(text); return true; }, first, totals,
                      counts, err);
}

void format_in_place(const std::string& file, const FmtSettings& settings, FmtTotals& totals, std::ostream& err) {
  struct stat st {};
  const bool found = ::stat(file.c_str(), &st) == 0;
  if (found && S_ISDIR(st.st_mode)) {  // a folder the walk could not read: opening it says why
    WriteCounts none;
    format_one(file, settings, totals, none, err, [](std::string_view) {});
    ++totals.failed;
    return;
  }
  if (!found || !S_ISREG(st.st_mode)) {
    fmt::print(err, "bpgn fmt: cannot rewrite {}: {}\n", visible_text(file),
               found ? "not a regular file" : std::strerror(errno));
    totals.io_failed = true;
    ++totals.failed;  // not read: its games are not counted
    return;
  }
  AtomicFile temp(file);
  if (!temp.opened()) {
    fmt::print(err, "bpgn fmt: {}\n", temp.error());
    totals.io_failed = true;
    ++totals.failed;  // not read: its games are not counted
    return;
  }
  StreamComparer original;
  WriteCounts counts;
  const bool read = format_one(
      file, settings, totals, counts, err,
      [&](std::string_view piece) {
        original.produced(piece);
        temp.stream().write(piece.data(), std::streamsize(piece.size()));
      },
      [&](std::string_view piece) { original.original(piece); }, /*plain_only=*/true);
  if (read && original.same()) {
    // Nothing to change: the file keeps its inode and time stamp; its games are as fmt writes them.
    ++totals.untouched;
  } else if (read && temp.commit()) {
    ++totals.rewritten;
  } else {  // the temporary file is removed, the file left as it was
    if (read) fmt::print(err, "bpgn fmt: {}\n", temp.error());
    totals.io_failed = true;
    ++totals.failed;
    counts.drop_all();
  }
  totals.counts.add(counts);
}

}  // namespace

void rewrite_inputs(const std::vector<std::string>& inputs, const FmtSettings& settings,
                    const std::vector<FailureAt>& list_failures, FmtTotals& totals, std::ostream& err) {
  ListFailures failures{list_failures};
  totals.files = inputs.size();
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    failures.before(i, totals, err);
    format_in_place(inputs[i], settings, totals, err);
  }
  failures.before(inputs.size(), totals, err);
}

std::size_t check_inputs(const std::vector<std::string>& inputs, const FmtSettings& settings,
                         const std::vector<FailureAt>& list_failures, FmtTotals& totals, std::ostream& out,
                         std::ostream& err) {
  ListFailures list_failures_{list_failures};
  std::size_t read = 0, changing = 0;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    list_failures_.before(i, totals, err);
    FmtTotals local;  // --check says nothing about the games themselves
    WriteCounts counts;
    // The input is compared with what is written as both go (standard input cannot be read
    // twice, and a compressed file is compared by its text).
    StreamComparer comparer;
    if (!format_one(inputs[i], settings, local, counts, err, [&](std::string_view p) { comparer.produced(p); },
                    [&](std::string_view p) { comparer.original(p); })) {
      totals.io_failed = true;
      continue;
    }
    read += counts.read;
    if (!comparer.same()) {
      ++changing;
      totals.would_change = true;
      fmt::print(out, "{}\n", inputs[i]);
    }
  }
  list_failures_.before(inputs.size(), totals, err);
  fmt::print(err, "bpgn fmt --check: {} game{} read, none written; {} of {} input{} would change\n", read,
             read == 1 ? "" : "s", changing, inputs.size(), inputs.size() == 1 ? "" : "s");
  return read;
}

}  // namespace bpgn
