#include "record/clock_brace.h"

#include "grammar/comment.h"

namespace bpgn {
namespace {

namespace pegtl = tao::pegtl;

template <typename Rule>
struct embedded_action : pegtl::nothing<Rule> {};

template <>
struct embedded_action<grammar::clk_time> {
  template <typename Input>
  static void apply(const Input& in, EmbeddedClock& c) {
    c.form = ClockForm::ClkTime;
    c.number = in.string_view();
  }
};

template <>
struct embedded_action<grammar::ts_time> {
  template <typename Input>
  static void apply(const Input& in, EmbeddedClock& c) {
    c.form = ClockForm::TsTime;
    c.number = in.string_view();
  }
};

template <>
struct embedded_action<grammar::embedded_clock> {
  template <typename Input>
  static void apply(const Input& in, EmbeddedClock& c) {
    c.found = true;
    c.text = in.string_view();
  }
};

}  // namespace

EmbeddedClock find_embedded_clock(std::string_view content) {
  EmbeddedClock clock;
  if (content.find("[%clk") == std::string_view::npos && content.find("[ts=") == std::string_view::npos)
    return clock;
  pegtl::memory_input<pegtl::tracking_mode::lazy> in(content.data(), content.size(), "");
  (void)pegtl::parse<grammar::embedded_clock_search, embedded_action>(in, clock);
  return clock;
}


bool brace_holds_clock(std::string_view content) {
  if (find_embedded_clock(content).found) return true;
  using only_clock = pegtl::seq<pegtl::star<grammar::ws>, grammar::clock_value, pegtl::star<grammar::ws>, pegtl::eof>;
  pegtl::memory_input<pegtl::tracking_mode::lazy> in(content.data(), content.size(), "");
  return pegtl::parse<only_clock>(in);
}

}  // namespace bpgn
