// The one interface of check's reports (text, json, jsonl, html, sarif, junit, github; chosen by
// name from output/report_formats.h): the run begins, each game comes in input order, each input
// that could not be read comes in its place, and the run finishes with its totals.
#pragma once

#include "record/game.h"
#include "replay/check_summary.h"
#include "replay/checked_game.h"

#include <cstddef>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

namespace bpgn {

// Where a report made ahead leaves room for the game's numbers, known only in input order:
// Game::index, and Game::file_index after it (npos: no room for that number).
struct IndexPlaces {
  std::size_t index = std::string_view::npos;
  std::size_t file_index = std::string_view::npos;
  // The same places in the part of a text that starts at `begin` (before both).
  IndexPlaces after(std::size_t begin) const;
};

// Makes a game's report ahead of its place in the output, in any thread (check --jobs N: the
// worker that read the game); one per thread. The game's index and file_index are not known yet:
// the report is made without them, and the sink writes them in their places
// (ReportSink::write_rendered).
class ReportRenderer {
 public:
  virtual ~ReportRenderer() = default;
  // Appends the game's report to `out`; returns where in `out` its numbers go.
  virtual IndexPlaces render(const Game& game, const CheckedGame& checked, std::string& out) = 0;
  // What the report ends with should `game` be the run's only game (text: its outcome line).
  virtual std::string alone(const Game&, const CheckedGame&) { return {}; }
};

// A game's report as a ReportRenderer made it, with the numbers the game turned out to have.
struct RenderedGame {
  std::string_view text;
  IndexPlaces index_at;  // where in `text` they go
  std::size_t index = 0, file_index = 0;
  std::string_view alone;  // the renderer's alone(), for the first game a sink is given
};

class ReportSink {
 public:
  virtual ~ReportSink() = default;
  // Before the first game: what the report opens with.
  virtual void begin() {}
  // One game (game.index set), in input order.
  virtual void game(const Game& game, const CheckedGame& checked) = 0;
  // An input that could not be opened or read on, in its place among the games.
  virtual void input_failure(const CheckSummary::InputFailure&) {}
  // After the last game: what follows the games (the totals, the inputs that could not be read).
  virtual void finish(const CheckSummary&) {}

  // Whether a game's report shows anything of the game (text --quiet: no).
  virtual bool shows_games() const { return true; }
  // A renderer for one thread, whose reports write_rendered() writes in input order; null for a
  // report that is one document made game by game in one thread (html, sarif, junit).
  virtual std::unique_ptr<ReportRenderer> renderer() const { return nullptr; }
  // Writes a game rendered by a renderer() as game() writes it.
  virtual void write_rendered(const RenderedGame&) {}
};

// A sink whose reports a ReportRenderer makes (text, json, jsonl, github): game() renders the game
// and writes it at once, so one thread and N threads write the same bytes.
class RenderedReport : public ReportSink {
 public:
  void game(const Game& game, const CheckedGame& checked) final;
  void write_rendered(const RenderedGame& game) final;

 protected:
  // Writes one game's report (`first`: the first game of the run).
  virtual void write(const RenderedGame& game, bool first) = 0;
  // The first game's alone() (empty before it).
  const std::string& alone() const { return alone_; }
  // `prefix`, then the game's text with its index and file_index in their places: one write.
  void write_text(std::ostream& out, const RenderedGame& game, std::string_view prefix = {});

 private:
  std::unique_ptr<ReportRenderer> own_;  // game()'s renderer
  std::string buffer_, alone_;
  std::string line_;  // write_text's bytes, kept from game to game
  bool started_ = false;
};

}  // namespace bpgn
