#include "cli/summary_command.h"

#include "cli/commands.h"
#include "cli/errors.h"
#include "cli/exit_codes.h"
#include "cli/output_file.h"
#include "record/visible_text.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <limits>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace bpgn {
namespace {

using Json = nlohmann::ordered_json;

// A summary is one line; the longest a run writes is a few kilobytes (a merged one gathers file
// names, still far below this).
constexpr std::size_t kMaxSummaryLine = std::size_t{16} << 20;

// A key or a token as a message quotes it: in the visible form, at most 40 bytes of it.
std::string shown(std::string_view text) { return visible_text(clipped(text, 40)); }

// Reads one summary line with the parser's events, refusing as soon as the text is not what
// `--summary-json` writes (docs/check.md, *Summary JSON*): one object whose members are counts
// (whole numbers 0 to 2^64-1), the text `command`, or objects of counts; `written_to` holds file
// names (a text, or an array of texts once merged). Nothing nests deeper, so the parse holds at
// most three levels whatever the input.
class SummaryLine : public nlohmann::json_sax<Json> {
 public:
  // The summary read, or null after a refusal (`problem` says why, `column` where if known).
  Json value;
  std::string problem;
  std::size_t column = 0;

  explicit SummaryLine(std::size_t length) : length_(length) {}

  bool null() override { return refuse_value("null"); }
  bool boolean(bool v) override { return refuse_value(v ? "true" : "false"); }
  bool number_integer(number_integer_t v) override { return refuse_value(std::to_string(v)); }
  bool number_unsigned(number_unsigned_t v) override {
    if (names_a_file() || at_command()) return refuse_kind("a number");
    return put(Json(v));
  }
  bool number_float(number_float_t, const string_t& text) override { return refuse_value(text); }
  bool string(string_t& v) override {
    if (!names_a_file() && !at_command()) return refuse_kind("a text");
    return put(Json(std::move(v)));
  }
  bool binary(binary_t&) override { return refuse_kind("binary data"); }
  bool start_object(std::size_t) override {
    if (stack_.empty()) {
      value = Json::object();
      stack_.push_back(&value);
      return true;
    }
    if (stack_.size() > 1 || at_command()) return refuse_kind("an object");
    return open(Json::object());
  }
  bool key(string_t& k) override {
    Json& object = *stack_.back();
    if (object.contains(k)) {
      return refuse((stack_.size() > 1 ? "/" + shown(parent_key_) : std::string()) + "/" + shown(k) +
                    " appears twice");
    }
    key_ = std::move(k);
    return true;
  }
  bool end_object() override {
    stack_.pop_back();
    if (stack_.empty() && !value.contains("command"))
      return refuse("it has no \"command\" (the subcommand that wrote it)");
    return true;
  }
  bool start_array(std::size_t) override {
    if (stack_.empty()) return refuse("it is an array, not a JSON object");
    if (!names_a_file() || stack_.back()->is_array()) return refuse_kind("an array");
    return open(Json::array());
  }
  bool end_array() override {
    stack_.pop_back();
    return true;
  }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception&) override {
    column = position;
    problem = position > length_ ? "the JSON ends too early" : "malformed JSON";
    value = Json();
    return false;
  }

 private:
  // The path of the member being read, as messages name it (`/codes/missing-tag`).
  std::string where() const {
    return (stack_.size() > 1 ? "/" + shown(parent_key_) : std::string()) + "/" + shown(key_);
  }
  bool at_command() const { return stack_.size() == 1 && key_ == "command"; }
  // Inside `written_to`: a file name, or an array of them.
  bool names_a_file() const { return stack_.size() >= 2 && parent_key_ == "written_to"; }

  bool put(Json v) {
    if (stack_.empty()) return refuse("it is not a JSON object");
    Json& container = *stack_.back();
    if (container.is_array()) {
      container.push_back(std::move(v));
    } else {
      container[key_] = std::move(v);
    }
    return true;
  }
  bool open(Json v) {
    if (stack_.size() == 1) parent_key_ = key_;
    Json& container = *stack_.back();
    Json& made = container.is_array() ? (container.push_back(std::move(v)), container.back())
                                      : (container[key_] = std::move(v));
    stack_.push_back(&made);
    return true;
  }
  bool refuse(std::string why) {
    problem = std::move(why);
    value = Json();
    return false;
  }
  bool refuse_value(const std::string& text) {
    if (stack_.empty()) return refuse("it is not a JSON object");
    if (names_a_file() || at_command()) return refuse_kind(shown(text));
    return refuse(where() + ": " + shown(text) + " is not a count (a whole number from 0 to 18446744073709551615)");
  }
  bool refuse_kind(const std::string& kind) {
    if (stack_.empty()) return refuse("it is not a JSON object");
    const char* wanted = at_command() ? "the name of a subcommand"
                         : names_a_file() ? "a file name"
                                          : "a count";
    return refuse(where() + ": " + kind + " where a summary has " + wanted);
  }

  std::size_t length_;        // of the line, in bytes
  std::vector<Json*> stack_;  // the object (and array) being filled, outermost first
  std::string key_;           // the member being read
  std::string parent_key_;    // the member of the summary whose object is being filled
};

enum class LineRead { Line, End, TooLong };

LineRead read_line(std::istream& in, std::string& line) {
  line.clear();
  char c;
  bool any = false;
  while (in.get(c)) {
    any = true;
    if (c == '\n') return LineRead::Line;
    if (line.size() == kMaxSummaryLine) return LineRead::TooLong;
    line += c;
  }
  return any ? LineRead::Line : LineRead::End;
}

}  // namespace

void merge_summary(Json& total, const Json& part, const std::string& where) {
  if (total.is_null()) {
    total = part;
    return;
  }
  if (part.is_number_unsigned() && total.is_number_unsigned()) {
    const std::uint64_t a = total.get<std::uint64_t>(), b = part.get<std::uint64_t>();
    if (b > std::numeric_limits<std::uint64_t>::max() - a) {
      throw std::invalid_argument("the sum of " + (where.empty() ? std::string("/") : where) +
                                  " would exceed 18446744073709551615");
    }
    total = a + b;
  } else if (part.is_object() && total.is_object()) {
    for (const auto& [key, value] : part.items()) merge_summary(total[key], value, where + "/" + shown(key));
  } else if ((part.is_string() || part.is_array()) && (total.is_string() || total.is_array())) {
    // File names: the distinct ones, in the order first seen.
    if (total.is_string()) {
      if (total == part) return;
      total = Json::array({total});
    }
    const Json names = part.is_string() ? Json::array({part}) : part;
    for (const auto& name : names) {
      if (std::find(total.begin(), total.end(), name) == total.end()) total.push_back(name);
    }
  } else if (!(part == total)) {
    throw std::invalid_argument("the summaries disagree on the kind of " + (where.empty() ? "/" : where));
  }
}

int run_summary_merge(const SummaryMergeConfig& config, std::ostream& out, std::ostream& err) {
  try {
    FileClaims claims;  // the merged summary is never written onto one of the summaries it adds up
    claims.inputs(config.files);
    claims.output(config.output, "-o");
  } catch (const CommandError& e) {
    return report_error("summary merge", e, err);
  }
  Json total;
  bool ok = true;
  for (const std::string& file : config.files) {
    const std::string name = input_name(file);
    std::ifstream in_file;
    std::istream* in = &std::cin;
    if (file != "-") {
      in_file.open(file, std::ios::binary);
      if (!in_file) {
        err << "bpgn summary merge: cannot read " << name << ": " << std::strerror(errno) << "\n";
        ok = false;
        continue;
      }
      in = &in_file;
    }
    std::string line;
    std::size_t number = 0, read = 0;
    bool file_ok = true;
    for (LineRead r; file_ok && (r = read_line(*in, line)) != LineRead::End;) {
      ++number;
      if (r == LineRead::TooLong) {
        err << "bpgn summary merge: " << name << ":" << number << ": not a summary: the line is longer than "
            << (kMaxSummaryLine >> 20) << " MiB\n";
        file_ok = false;
        break;
      }
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      SummaryLine summary(line.size());
      if (!Json::sax_parse(line, &summary) || summary.value.is_null()) {
        err << "bpgn summary merge: " << name << ":" << number;
        if (summary.column) err << ":" << summary.column;
        err << ": not a summary: " << summary.problem << "\n";
        file_ok = false;
        break;
      }
      if (!total.is_null() && summary.value["command"] != total["command"]) {
        err << "bpgn summary merge: " << name << ":" << number << ": a summary of "
            << shown(summary.value["command"].is_string() ? summary.value["command"].get<std::string>() : "?")
            << " cannot be added to one of "
            << shown(total["command"].is_string() ? total["command"].get<std::string>() : "?") << "\n";
        file_ok = false;
        break;
      }
      try {
        // A merged summary counts as the summaries it was merged from.
        if (!summary.value.contains("summaries_merged")) summary.value["summaries_merged"] = std::uint64_t{1};
        merge_summary(total, summary.value);
      } catch (const std::invalid_argument& e) {
        err << "bpgn summary merge: " << name << ":" << number << ": cannot be added: " << e.what() << "\n";
        file_ok = false;
        break;
      }
      ++read;
    }
    if (file_ok && in->bad()) {
      err << "bpgn summary merge: cannot read " << name << ": " << std::strerror(errno) << "\n";
      file_ok = false;
    }
    if (file_ok && read == 0) {
      err << "bpgn summary merge: " << name << ": no summary in it (an empty file)\n";
      file_ok = false;
    }
    ok = ok && file_ok;
  }
  if (!ok) {
    err << "bpgn summary merge: nothing written\n";
    return kExitIo;
  }
  const Json merged = total["summaries_merged"];  // last, as documented
  total.erase("summaries_merged");
  total["summaries_merged"] = merged;
  OutputGroup outputs("summary merge", out);
  RunOutput* output = outputs.open(config.output, err);
  if (!output) return kExitIo;
  output->stream() << total.dump() << "\n";
  if (!outputs.commit(err)) return kExitIo;
  return kExitClean;
}

void add_summary_command(CLI::App& app, CommandAction& action) {
  CLI::App* summary = app.add_subcommand("summary", "Work with the --summary-json files of check runs");
  summary->require_subcommand(1);
  auto config = std::make_shared<SummaryMergeConfig>();
  CLI::App* merge = summary->add_subcommand(
      "merge", "Add up --summary-json files (runs over shards of a corpus) into one summary, as one run would give");
  merge->add_option("files", config->files, "Summary files, one JSON object per line ('-': standard input)")
      ->required();
  merge->add_option("-o,--output", config->output, "Write the merged summary to FILE instead of standard output");
  merge->callback([config, &action] { action = [config] { return run_summary_merge(*config, std::cout, std::cerr); }; });
}

}  // namespace bpgn
