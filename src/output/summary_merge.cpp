#include "output/summary_merge.h"

#include "output/json_input.h"
#include "output/json_writer.h"
#include "text/visible_text.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

namespace bpgn {
namespace {

// Reads one summary line with the parser's events, refusing as soon as the text is not what
// `--summary-json` writes (docs/check.md, *Summary JSON*): one object whose members are counts
// (whole numbers 0 to 2^64-1), the text `command`, or objects of counts; `written_to` holds file
// names (a text, or an array of texts once merged). Nothing nests deeper, so the parse holds at
// most three levels whatever the input.
class SummaryLine : public nlohmann::json_sax<SummaryJson> {
 public:
  // The summary read, or null after a refusal (`problem` says why, `column` where if known).
  SummaryJson value;
  std::string problem;
  std::size_t column = 0;

  explicit SummaryLine(std::size_t length) : length_(length) {}

  bool null() override { return refuse_value("null"); }
  bool boolean(bool v) override { return refuse_value(v ? "true" : "false"); }
  bool number_integer(number_integer_t v) override { return refuse_value(std::to_string(v)); }
  bool number_unsigned(number_unsigned_t v) override {
    if (names_a_file() || at_command()) return refuse_kind("a number");
    return put(SummaryJson(v));
  }
  bool number_float(number_float_t, const string_t& text) override { return refuse_value(text); }
  bool string(string_t& v) override {
    if (!names_a_file() && !at_command()) return refuse_kind("a text");
    return put(SummaryJson(std::move(v)));
  }
  bool binary(binary_t&) override { return refuse_kind("binary data"); }
  bool start_object(std::size_t) override {
    if (stack_.size() >= kJsonDepthLimit) return refuse(json_too_deep_message());  // the shared gate
    if (stack_.empty()) {
      value = SummaryJson::object();
      stack_.push_back(&value);
      return true;
    }
    if (stack_.size() > 1 || at_command()) return refuse_kind("an object");
    return open(SummaryJson::object());
  }
  bool key(string_t& k) override {
    SummaryJson& object = *stack_.back();
    if (object.contains(k)) {
      return refuse((stack_.size() > 1 ? "/" + shown_summary_text(parent_key_) : std::string()) + "/" + shown_summary_text(k) +
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
    if (stack_.size() >= kJsonDepthLimit) return refuse(json_too_deep_message());  // the shared gate
    if (stack_.empty()) return refuse("it is an array, not a JSON object");
    if (!names_a_file() || stack_.back()->is_array()) return refuse_kind("an array");
    return open(SummaryJson::array());
  }
  bool end_array() override {
    stack_.pop_back();
    return true;
  }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception&) override {
    column = position;
    problem = position > length_ ? "the JSON ends too early" : "malformed JSON";
    value = SummaryJson();
    return false;
  }

 private:
  // The path of the member being read, as messages name it (`/codes/missing-tag`).
  std::string where() const {
    return (stack_.size() > 1 ? "/" + shown_summary_text(parent_key_) : std::string()) + "/" + shown_summary_text(key_);
  }
  bool at_command() const { return stack_.size() == 1 && key_ == "command"; }
  // Inside `written_to`: a file name, or an array of them.
  bool names_a_file() const { return stack_.size() >= 2 && parent_key_ == "written_to"; }

  bool put(SummaryJson v) {
    if (stack_.empty()) return refuse("it is not a JSON object");
    SummaryJson& container = *stack_.back();
    if (container.is_array()) {
      container.push_back(std::move(v));
    } else {
      container[key_] = std::move(v);
    }
    return true;
  }
  bool open(SummaryJson v) {
    if (stack_.size() == 1) parent_key_ = key_;
    SummaryJson& container = *stack_.back();
    SummaryJson& made = container.is_array() ? (container.push_back(std::move(v)), container.back())
                                      : (container[key_] = std::move(v));
    stack_.push_back(&made);
    return true;
  }
  bool refuse(std::string why) {
    problem = std::move(why);
    value = SummaryJson();
    return false;
  }
  bool refuse_value(const std::string& text) {
    if (stack_.empty()) return refuse("it is not a JSON object");
    if (names_a_file() || at_command()) return refuse_kind(shown_summary_text(text));
    return refuse(where() + ": " + shown_summary_text(text) + " is not a count (a whole number from 0 to 18446744073709551615)");
  }
  bool refuse_kind(const std::string& kind) {
    if (stack_.empty()) return refuse("it is not a JSON object");
    const char* wanted = at_command() ? "the name of a subcommand"
                         : names_a_file() ? "a file name"
                                          : "a count";
    return refuse(where() + ": " + kind + " where a summary has " + wanted);
  }

  std::size_t length_;        // of the line, in bytes
  std::vector<SummaryJson*> stack_;  // the object (and array) being filled, outermost first
  std::string key_;           // the member being read
  std::string parent_key_;    // the member of the summary whose object is being filled
};



// A value the reader took (a count, a file name, an object or an array of them) through JsonWriter.
void write_value(JsonWriter& w, const SummaryJson& v) {
  if (v.is_object()) {
    w.begin_object();
    for (const auto& [key, member] : v.items()) write_value(w.text_key(key), member);
    w.end_object();
  } else if (v.is_array()) {
    w.begin_array();
    for (const SummaryJson& element : v) write_value(w, element);
    w.end_array();
  } else if (v.is_string()) {
    w.text(v.get_ref<const std::string&>());
  } else {
    w.number(v.get<std::uint64_t>());  // SummaryLine admits no other kind of value
  }
}

}  // namespace

SummaryRead read_summary_line(const std::string& line) {
  SummaryLine summary(line.size());
  if (!SummaryJson::sax_parse(line, &summary)) summary.value = SummaryJson();  // refused
  return {std::move(summary.value), std::move(summary.problem), summary.column};
}

std::string shown_summary_text(std::string_view text) { return visible_text(clipped(text, 40)); }

void merge_summary(SummaryJson& total, const SummaryJson& part, const std::string& where) {
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
    for (const auto& [key, value] : part.items()) merge_summary(total[key], value, where + "/" + shown_summary_text(key));
  } else if ((part.is_string() || part.is_array()) && (total.is_string() || total.is_array())) {
    // File names: the distinct ones, in the order first seen.
    if (total.is_string()) {
      if (total == part) return;
      total = SummaryJson::array({total});
    }
    const SummaryJson names = part.is_string() ? SummaryJson::array({part}) : part;
    for (const auto& name : names) {
      if (std::find(total.begin(), total.end(), name) == total.end()) total.push_back(name);
    }
  } else if (!(part == total)) {
    throw std::invalid_argument("the summaries disagree on the kind of " + (where.empty() ? "/" : where));
  }
}

std::string merged_summary_json(const SummaryJson& total) {
  std::string text;
  JsonWriter w(text);
  w.begin_object();
  for (const auto& [key, member] : total.items()) {
    if (key != "summaries_merged") write_value(w.text_key(key), member);
  }
  if (const auto merged = total.find("summaries_merged"); merged != total.end()) {
    write_value(w.key("summaries_merged"), *merged);
  } else {
    w.key("summaries_merged").null();
  }
  w.end_object();
  text += '\n';
  return text;
}

}  // namespace bpgn
