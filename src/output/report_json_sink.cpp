#include "output/report_json_sink.h"

#include "output/json_writer.h"
#include "output/report_json.h"

namespace bpgn {
namespace {

// A game's object with places left for its index (`{"index":` then `,"file":...`) and its
// file_index (`,"file_index":` after `"result"`), and for jsonl the line's end.
class JsonRenderer final : public ReportRenderer {
 public:
  JsonRenderer(ReportOptions options, bool line) : options_(options), line_(line) {}
  IndexPlaces render(const Game& game, const CheckedGame& checked, std::string& out) override {
    JsonWriter w(out);
    IndexPlaces index_at;
    w.begin_object().key("index");
    index_at.index = out.size();
    w.raw("");  // the numbers: written in their places by the sink
    write_game_report_contract_members(w, game, checked.result, options_);
    w.key("file_index");
    index_at.file_index = out.size();
    w.raw("");
    write_game_report_other_members(w, game, checked.result);
    if (line_) out += '\n';
    return index_at;
  }

 private:
  const ReportOptions options_;
  const bool line_;
};

}  // namespace

void JsonReport::begin() { out_ << "{\"games\":["; }

void JsonReport::write(const RenderedGame& game, bool first) {
  write_text(out_, game, first ? "\n" : ",\n");
}

void JsonReport::finish(const CheckSummary& summary) {
  out_ << "],\"summary\":" << summary_json(summary) << ",\"input_errors\":" << input_errors_json(summary) << "}\n";
}

std::unique_ptr<ReportRenderer> JsonReport::renderer() const { return std::make_unique<JsonRenderer>(options_, false); }

void JsonlReport::write(const RenderedGame& game, bool) { write_text(out_, game); }

void JsonlReport::input_failure(const CheckSummary::InputFailure& failure) { out_ << input_failure_jsonl(failure); }

std::unique_ptr<ReportRenderer> JsonlReport::renderer() const { return std::make_unique<JsonRenderer>(options_, true); }

}  // namespace bpgn
