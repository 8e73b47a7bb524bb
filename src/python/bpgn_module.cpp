// The Python module `bpgn` (docs/python.md): check, read and fmt over the facade
// (api/bpgn_api.h). check's dicts are json.loads of the very line `bpgn check --format jsonl`
// writes, so they hold the report's fields and values and nothing else.
#include "api/bpgn_api.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <system_error>
#include <utility>

namespace py = pybind11;

namespace {

namespace api = bpgn::api;

// bpgn.Error, made at import; the module keeps it alive.
PyObject* g_error_type = nullptr;

// The file suffixes of inputs (docs/check.md, *Inputs*): a one-line str ending in one that names
// no file is taken for a missing file, not for a record text.
bool looks_like_path(const std::string& s) {
  if (s.find('\n') != std::string::npos || s.find('[') != std::string::npos) return false;
  static const char* const kSuffixes[] = {".bpgn", ".pgn", ".gz",  ".bz2", ".xz",
                                          ".zst",  ".lz4", ".zip", ".tar", ".7z"};
  for (const char* suffix : kSuffixes) {
    const std::string_view end(suffix);
    if (s.size() > end.size() && s.compare(s.size() - end.size(), end.size(), end) == 0) return true;
  }
  return false;
}

bool names_existing_file(const std::string& s) {
  if (s.empty() || s.size() > 4096 || s.find('\n') != std::string::npos || s.find('\0') != std::string::npos)
    return false;
  std::error_code ec;
  return std::filesystem::exists(s, ec);
}

// What text_or_path names: an os.PathLike is a path; a str that names an existing file (or looks
// like a missing file's name) too; any other str, and bytes, are record text named `name`.
api::Input input_of(const py::handle& source, const std::string& name) {
  if (py::isinstance<py::bytes>(source)) return api::Input::from_text(source.cast<std::string>(), name);
  if (py::isinstance<py::str>(source)) {
    std::string s = source.cast<std::string>();
    if (names_existing_file(s)) return api::Input::from_file(std::move(s));
    if (looks_like_path(s)) throw api::Error(s, 0, 0, "cannot read " + s + ": No such file or directory");
    return api::Input::from_text(std::move(s), name);
  }
  if (py::hasattr(source, "__fspath__")) {
    py::module_ os = py::module_::import("os");
    return api::Input::from_file(os.attr("fsdecode")(os.attr("fspath")(source)).cast<std::string>());
  }
  throw py::type_error("bpgn: expected record text (str or bytes) or a path (str or os.PathLike), got " +
                       std::string(py::str(py::type::of(source).attr("__name__"))));
}

// `set={"drop_check": "forbidden", "pawn_drop_ranks": "2-7"}` (or an iterable of "key=value"
// strings, as --set takes them). True and False are written "true" and "false".
std::map<std::string, std::string> overrides_of(const py::object& set) {
  std::map<std::string, std::string> out;
  if (set.is_none()) return out;
  if (py::isinstance<py::str>(set)) return overrides_of(py::make_tuple(set));
  auto text_of = [](const py::handle& value) -> std::string {
    if (py::isinstance<py::bool_>(value)) return value.cast<bool>() ? "true" : "false";
    return py::str(value).cast<std::string>();
  };
  if (py::isinstance<py::dict>(set)) {
    for (auto [key, value] : set.cast<py::dict>()) out[text_of(key)] = text_of(value);
    return out;
  }
  for (const py::handle& item : set) {
    const std::string s = text_of(item);
    const std::size_t eq = s.find('=');
    if (eq == std::string::npos) throw api::Error("", 0, 0, "set " + s + ": not KEY=VALUE");
    out[s.substr(0, eq)] = s.substr(eq + 1);
  }
  return out;
}

std::string rules_of(const py::object& rules) {
  return rules.is_none() ? std::string() : rules.cast<std::string>();
}

// An iterator's stream is used by one thread at a time: next() releases the GIL, so another
// thread's next() on the same iterator is refused, as Python refuses it for a running generator.
class Busy {
 public:
  explicit Busy(bool& busy) : busy_(busy) {
    if (busy_) throw py::value_error("bpgn: iterator already executing");
    busy_ = true;
  }
  ~Busy() { busy_ = false; }
  Busy(const Busy&) = delete;
  Busy& operator=(const Busy&) = delete;

 private:
  bool& busy_;
};

// The iterator bpgn.check returns: one dict per game, the report parsed by Python's json.
class CheckIterator {
 public:
  CheckIterator(const api::Input& input, const api::CheckOptions& options)
      : stream_(input, options), loads_(py::module_::import("json").attr("loads")) {}

  py::object next() {
    std::optional<api::CheckedGame> game;
    {
      Busy busy(busy_);
      py::gil_scoped_release release;  // the replay needs no Python
      game = stream_.next();
    }
    if (!game) throw py::stop_iteration();
    return loads_(game->json);
  }

 private:
  api::CheckStream stream_;
  py::object loads_;
  bool busy_ = false;
};

py::dict ply_dict(const api::RecordPly& p) {
  py::dict d;
  d["seat"] = p.seat;
  d["board"] = std::string(1, p.board);
  d["colour"] = p.colour;
  d["number"] = p.number == 0 ? py::object(py::none()) : py::object(py::int_(p.number));
  d["san"] = p.san;
  d["clock"] = p.clock.empty() ? py::object(py::none()) : py::object(py::str(p.clock));
  d["line"] = p.line;
  d["column"] = p.column;
  return d;
}

py::dict game_dict(const api::RecordGame& g) {
  py::dict d;
  d["index"] = g.index;
  d["file_index"] = g.file_index;
  d["file"] = g.file;
  d["line"] = g.line;
  d["dialect"] = g.dialect;
  py::dict tags;
  for (const auto& [name, value] : g.tags) {
    if (!tags.contains(name)) tags[py::str(name)] = value;  // the first of a repeated tag, as Game::tag
  }
  d["tags"] = tags;
  py::list plies;
  for (const api::RecordPly& p : g.plies) plies.append(ply_dict(p));
  d["plies"] = plies;
  d["result"] = g.result.empty() ? py::object(py::none()) : py::object(py::str(g.result));
  if (g.error) {
    py::dict error;
    error["message"] = g.error->message;
    error["line"] = g.error->line;
    error["column"] = g.error->column;
    d["error"] = error;
  } else {
    d["error"] = py::none();
  }
  return d;
}

// The iterator bpgn.read returns. A game whose text broke off (or holds a broken tag) raises
// bpgn.Error at that place, unless errors="keep" asked for it as a dict with its `error`.
class ReadIterator {
 public:
  ReadIterator(const api::Input& input, bool keep_errors) : stream_(input), keep_errors_(keep_errors) {}

  py::dict next() {
    std::optional<api::RecordGame> game;
    {
      Busy busy(busy_);
      py::gil_scoped_release release;
      game = stream_.next();
    }
    if (!game) throw py::stop_iteration();
    if (game->error && !keep_errors_)
      throw api::Error(game->file, game->error->line, game->error->column, game->error->message);
    return game_dict(*game);
  }

 private:
  api::ReadStream stream_;
  bool keep_errors_;
  bool busy_ = false;
};

void raise_error(const api::Error& e) {
  py::object instance = py::reinterpret_borrow<py::object>(g_error_type)(e.what());
  instance.attr("file") = e.file().empty() ? py::object(py::none()) : py::object(py::str(e.file()));
  instance.attr("line") = e.line();
  instance.attr("column") = e.column();
  instance.attr("message") = e.message();
  PyErr_SetObject(g_error_type, instance.ptr());
}

}  // namespace

PYBIND11_MODULE(bpgn, m) {
  m.doc() =
      "Bughouse and chess game records (BPGN/PGN): check them as `bpgn check` does, read them, "
      "format them as `bpgn fmt` does.";
  m.attr("__version__") = std::string(api::version());
  m.attr("RULE_SETS") = py::tuple(py::cast(api::rule_set_names()));

  py::object error = py::reinterpret_steal<py::object>(PyErr_NewExceptionWithDoc(
      "bpgn.Error",
      "A record text or file that cannot be read, or an option not taken. Attributes: file (None when "
      "no input is concerned), line and column (1-based; 0 where the error has no place in a text), message.",
      PyExc_ValueError, nullptr));
  if (!error) throw py::error_already_set();
  error.attr("file") = py::none();
  error.attr("line") = 0;
  error.attr("column") = 0;
  error.attr("message") = "";
  m.attr("Error") = error;
  g_error_type = error.ptr();
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const api::Error& e) {
      raise_error(e);
    }
  });

  py::class_<CheckIterator>(m, "CheckIterator", "The games of bpgn.check, one report dict at a time.")
      .def("__iter__", [](py::object self) { return self; })
      .def("__next__", &CheckIterator::next);
  py::class_<ReadIterator>(m, "ReadIterator", "The games of bpgn.read, one dict at a time.")
      .def("__iter__", [](py::object self) { return self; })
      .def("__next__", &ReadIterator::next);

  m.def(
      "check",
      [](const py::object& text_or_path, const py::object& rules, const py::object& set, bool strict,
         std::optional<std::size_t> max_errors, std::optional<double> tolerance, const std::string& name) {
        api::CheckOptions options;
        options.rules = rules_of(rules);
        options.set = overrides_of(set);
        options.strict = strict;
        options.max_errors = max_errors;
        options.tolerance = tolerance;
        return CheckIterator(input_of(text_or_path, name), options);
      },
      py::arg("text_or_path"), py::arg("rules") = py::none(), py::arg("set") = py::none(),
      py::arg("strict") = false, py::kw_only(), py::arg("max_errors") = py::none(),
      py::arg("tolerance") = py::none(), py::arg("name") = "-",
      "Checks every game as `bpgn check --format jsonl` does (--rules, --set, --strict, --max-errors, "
      "--tolerance); yields one dict per game, the report line's fields and values. A str naming an "
      "existing file, or an os.PathLike, is read as a file; other str or bytes are record text, "
      "named `name` in the reports.");

  m.def(
      "read",
      [](const py::object& text_or_path, const std::string& errors, const std::string& name) {
        if (errors != "raise" && errors != "keep")
          throw py::value_error("bpgn.read: errors must be 'raise' or 'keep'");
        return ReadIterator(input_of(text_or_path, name), errors == "keep");
      },
      py::arg("text_or_path"), py::kw_only(), py::arg("errors") = "raise", py::arg("name") = "-",
      "Reads every game without checking it; yields dicts: index, file, line, dialect, tags (dict), "
      "plies (seat, board, colour, number, san, clock, line, column), result, error. A game whose text "
      "broke off, or that holds a broken tag, raises bpgn.Error at that place (errors='keep': its dict "
      "has `error` set instead).");

  m.def(
      "fmt",
      [](const py::object& text_or_path, const py::object& rules, const py::object& set, bool fix,
         const std::string& name) {
        api::FmtOptions options;
        options.rules = rules_of(rules);
        options.set = overrides_of(set);
        options.fix = fix;
        const api::Input input = input_of(text_or_path, name);
        std::string text;
        {
          py::gil_scoped_release release;
          text = api::fmt(input, options);
        }
        return py::str(text);
      },
      py::arg("text_or_path"), py::arg("rules") = py::none(), py::arg("set") = py::none(), py::kw_only(),
      py::arg("fix") = false, py::arg("name") = "-",
      "The canonical text of every game, as `bpgn fmt` writes it to standard output (--rules, --set, "
      "--fix); games it cannot read are written as found.");
}
