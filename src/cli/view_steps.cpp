#include "cli/view_steps.h"

#include "cli/adjudication_file.h"
#include "cli/view_sheet.h"
#include "output/report_text.h"
#include "output/viewer_page.h"
#include "pipeline/input/game_stream.h"
#include "pipeline/run/check_game.h"
#include "pipeline/run/command_error.h"
#include "pipeline/run/exit_codes.h"
#include "replay/moment.h"
#include "replay/moment_place.h"
#include "text/visible_text.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <stdexcept>
#include <variant>

namespace bpgn {
namespace {

class ViewSteps : public CommandSteps {
 public:
  ViewSteps(const ViewConfig& config, const RuleChoice& choice, const ViewWanted& wanted)
      : config_(config), choice_(choice), wanted_(wanted), sheet_(wanted.line, wanted.column) {}

  void prepare(const RunFiles&, std::ostream& err) override {
    adjudications_ = read_adjudications("view", config_.adjudications, err);
    if (!config_.adjudications.empty()) check_options_.adjudications = &adjudications_;
  }
  bool open(OutputGroup& outputs, std::ostream& err) override {
    if (!(output_ = outputs.open(config_.output, err))) return false;
    page_.emplace(config_.files);
    return true;
  }
  StreamResult stream(InputStreams& inputs, std::ostream& err) override {
    bool io_failed = false;
    Game game;
    if (wanted_.game) {
      const FoundGame found = find_game(inputs, *wanted_.game, game);
      if (found.outcome == FoundGame::Outcome::Failure) {
        throw IoError(fmt::format("{}: {}", visible_text(inputs.failure().file), inputs.failure().reason));
      }
      if (found.outcome == FoundGame::Outcome::Absent) throw UsageError(found.why);
      add(game, err);
    } else {
      GameStream stream(inputs);
      for (GameStream::Step step; (step = stream.next(game)) != GameStream::Step::End;) {
        if (step == GameStream::Step::Failure) {
          fmt::print(err, "bpgn view: {}: {}\n", visible_text(stream.failure().file), stream.failure().reason);
          io_failed = true;
        } else if (step == GameStream::Step::Game) {
          add(game, err);
        }
      }
    }
    return StreamResult::read(games(), !io_failed);
  }
  // A decision that named no game of the page (or several) is an error, never ignored; with one
  // game asked for, only the decisions that name a game at all are held to it.
  bool hold(std::ostream& err) override {
    return wanted_.game || adjudications_hold("view", adjudications_, err);
  }
  std::optional<int> before_commit(OutputGroup&, const StreamResult&, std::ostream&) override {
    try {
      if (config_.sheet) sheet_.write(output_->stream());
      else page_->write(output_->stream());  // the games' data and charts copied from their temporary files
    } catch (const std::runtime_error& e) {
      throw IoError(e.what());
    }
    return {};
  }
  std::optional<int> after_commit(bool committed, const StreamResult& run, std::ostream& err) override {
    if (!committed || !run.inputs_ok) return kExitIo;
    if (games() == 0) {
      err << "bpgn view: no game was read\n";
      return kExitInvalid;
    }
    return {};
  }
  int exit_code(const StreamResult&) const override { return invalid_ ? kExitInvalid : kExitClean; }

 private:
  std::size_t games() const { return config_.sheet ? sheet_.games() : page_->games(); }

  void add(Game& game, std::ostream& err) {
    const CheckedGame checked = check_game(game, choice_, check_options_);
    if (game.error) write_unreadable(err, game);
    invalid_ = invalid_ || checked.status != GameStatus::Valid;
    if (config_.sheet) return sheet_.game(game, checked);
    std::optional<PlaceMoment> open;
    if (wanted_.line) open = moment_at_place(game, checked.result, *wanted_.line, wanted_.column);
    // --at: the moment the page opens at, of its one game (as show reads it).
    std::optional<MomentAt> open_at;
    if (!config_.at.empty()) {
      if (page_->games() > 0) {
        throw UsageError("--at names a moment of one game, and the inputs hold several: name the game with --game N, "
                         "FILE:LINE or --index N");
      }
      auto found_at = find_moment(game, checked.result, config_.at, checked.replay.tolerance_seconds);
      if (auto* message = std::get_if<std::string>(&found_at)) throw UsageError("--at " + *message);
      open_at = std::get<MomentAt>(found_at);
    }
    try {
      page_->game(game, checked, open, open_at);
    } catch (const std::runtime_error& e) {  // its temporary files could not be written
      throw IoError(e.what());
    }
  }

  const ViewConfig& config_;
  const RuleChoice& choice_;
  const ViewWanted& wanted_;
  Adjudications adjudications_;
  GameCheckOptions check_options_;
  RunOutput* output_ = nullptr;
  std::optional<ViewerPage> page_;  // made once the output is open
  ViewSheet sheet_;                 // --sheet: the one game's decision sheet in place of the page
  bool invalid_ = false;
};

}  // namespace

int run_view_steps(const CommandPlan& plan, const ViewConfig& config, const RuleChoice& choice,
                   const ViewWanted& wanted, std::ostream& out, std::ostream& err) {
  ViewSteps steps(config, choice, wanted);
  return run_command(plan, steps, out, err);
}

}  // namespace bpgn
