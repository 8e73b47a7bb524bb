#include "output/summary_json.h"

#include "output/report_json.h"

namespace bpgn {

std::string check_summary_json(const CheckSummary& summary, std::size_t inputs, std::size_t games_read,
                               std::span<const SortedOutputCount> sorted) {
  std::string text;
  JsonWriter w(text);
  w.begin_object();
  w.key("command").string("check");
  w.key("inputs").number(inputs);
  w.key("games_read").number(games_read);
  write_summary_members(w, summary);
  if (!sorted.empty()) {
    w.key("written").begin_object();
    for (const SortedOutputCount& s : sorted) w.key(s.word).number(s.written);
    w.end_object();
    w.key("written_to").begin_object();
    for (const SortedOutputCount& s : sorted) w.key(s.word).text(s.file);
    w.end_object();
  }
  w.end_object();
  text += '\n';
  return text;
}

std::string write_summary_json(std::string_view command, std::size_t inputs, const WriteCounts& c,
                               const std::function<void(JsonWriter&)>& more_members) {
  std::string text;
  JsonWriter w(text);
  w.begin_object();
  w.key("command").string(command);
  w.key("inputs").number(inputs);
  w.key("games_read").number(c.read);
  w.key("written").number(c.written());
  w.key("valid").number(c.valid);
  w.key("with_errors").number(c.with_errors);
  w.key("as_found").number(c.as_found);
  w.key("joined").number(c.joined);
  w.key("not_written").number(c.not_written);
  if (c.filtered) w.key("filtered").number(*c.filtered);
  if (more_members) more_members(w);
  w.end_object();
  text += '\n';
  return text;
}

}  // namespace bpgn
