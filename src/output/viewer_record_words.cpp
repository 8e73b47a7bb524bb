#include "output/viewer_record_words.h"

#include "text/visible_text.h"

namespace bpgn {
namespace {

// The result the page gives as final: the arbiter's decision, else the result the outcome names
// (in the record's own convention where it can be told), else the record's written one.
std::string result_used(const Outcome& o) {
  if (o.adjudication) {
    const Adjudication& a = *o.adjudication->decision;
    return a.decision == Adjudication::Decision::Result ? a.result : a.decision_text();  // "0-1", "replay", "points ..."
  }
  if (!o.computed.empty() && o.computed != "*") return o.computed;
  return o.recorded.empty() ? std::string("*") : o.recorded;
}

std::string_view result_source(const Outcome& o) {
  if (o.adjudication) return "arbiter";
  return to_string(o.source);
}

}  // namespace

void write_record_words(JsonWriter& w, const Game& game, const ReplayResult& result) {
  w.key("tags").begin_array();
  for (const Tag& t : game.tags) {
    w.begin_array();
    w.string(visible_text(t.name));
    w.string(visible_text(t.value));
    w.end_array();
  }
  w.end_array();
  std::string leading;
  for (const Comment& c : game.leading_comments) leading += (leading.empty() ? "" : " ") + c.text;
  w.key("leading_comment").string(visible_text(leading));
  w.key("termination");
  if (game.termination.empty()) w.null();
  else w.string(visible_text(game.termination));
  const Outcome& o = result.outcome;
  w.key("result_used").string(visible_text(result_used(o)));
  w.key("result_source").string(result_source(o));
  w.key("arbiter");
  if (o.adjudication) {
    const Adjudication& a = *o.adjudication->decision;
    w.begin_object();
    w.key("decision").string(visible_text(a.decision_text()));
    w.key("reason").string(visible_text(a.reason));
    w.key("file").string(visible_text(o.adjudication->source));
    w.key("line").number(a.line);
    w.end_object();
  } else {
    w.null();
  }
}

std::string ply_comment(const Ply& ply) {
  std::string out;
  for (const Comment& c : ply.comments) out += (out.empty() ? "" : " ") + c.text;
  return out;
}

void write_open(JsonWriter& w, std::size_t moment, const PlaceMoment& open) {
  w.key("open").begin_object();
  w.key("moment").number(moment);
  w.key("by").string(open.by == PlaceMoment::By::Diagnostic ? "diagnostic"
                     : open.by == PlaceMoment::By::Move     ? "move"
                     : open.by == PlaceMoment::By::Time     ? "time"
                                                            : "start");
  w.key("violation").number_or_null(open.violation);
  w.end_object();
}

}  // namespace bpgn
