#include "record/game_parser.h"

#include "grammar/errors.h"
#include "record/parse_actions.h"
#include "record/parse_control.h"

#include <tao/pegtl.hpp>

namespace bpgn {

namespace pegtl = tao::pegtl;

namespace {

// Untracked input: positions are computed on demand by the consumer (PositionMap).
using Input = pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf>;

// The same input, noting whether any rule asked for a byte past its end: PEGTL's rules look at
// the input only through empty() and size(n) (and read no further than size() said). When no rule
// did, the parse would have gone the same way with any bytes after the end.
class EndWatchingInput : public Input {
 public:
  using Input::Input;
  // (A branch rather than a store on every call: empty() runs before nearly every byte.)
  [[nodiscard]] bool empty() const noexcept {
    const bool e = Input::empty();
    if (e) [[unlikely]] reached_end_ = true;
    return e;
  }
  [[nodiscard]] std::size_t size(const std::size_t amount = 0) const noexcept {
    const std::size_t s = Input::size(amount);
    if (s < amount) [[unlikely]] reached_end_ = true;
    return s;
  }
  bool reached_end() const { return reached_end_; }

 private:
  mutable bool reached_end_ = false;
};

template <typename Rule>
bool matches_at(const char* begin, const char* end) {
  Input in(begin, end, "");
  return pegtl::parse<Rule>(in);
}

}  // namespace

const char* parse_game(const char* begin, const char* end, ParseState& state, bool* reached_end) {
  state.reset();
  EndWatchingInput in(begin, end, "");
  try {
    (void)pegtl::parse<grammar::game, parse_action, parse_control>(in, state);
  } catch (const SyntaxFailure&) {
    if (reached_end) *reached_end = in.reached_end();
    throw;
  }
  if (reached_end) *reached_end = in.reached_end();
  return in.current();
}

TagDiagnosis diagnose_tag(const char* begin, const char* end) {
  // The strict rule on the tag's text alone, without actions: it raises where the tag goes wrong.
  // A broken tag always fails it (else it would have been read as a tag); the fallback is for safety.
  GameBuilder unused;
  ParseState state(unused, 1, 0);
  Input in(begin, end, "");
  try {
    (void)pegtl::parse<pegtl::seq<grammar::tag_diagnosis, pegtl::eof>, pegtl::nothing, parse_control>(in, state);
  } catch (const SyntaxFailure& failure) {
    return {failure.message, failure.reported};
  }
  return {grammar::error_message<grammar::tag_diagnosis>, begin};
}

bool starts_event_tag(const char* begin, const char* end) {
  return matches_at<grammar::event_tag_start>(begin, end);
}

bool starts_tag_line(const char* begin, const char* end) {
  return matches_at<grammar::tag_line_start>(begin, end);
}

const char* skip_whitespace(const char* begin, const char* end) {
  Input in(begin, end, "");
  (void)pegtl::parse<pegtl::star<pegtl::sor<grammar::ws, grammar::byte_order_mark>>>(in);
  return in.current();
}

}  // namespace bpgn
