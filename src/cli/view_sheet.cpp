#include "cli/view_sheet.h"

#include "cli/errors.h"
#include "output/decision_sheet.h"
#include "replay/disputed_moment.h"
#include "standings/decision_points.h"

namespace bpgn {

void ViewSheet::game(const Game& game, const CheckedGame& checked) {
  if (++games_ > 1) {
    throw UsageError("--sheet writes the decision sheet of one match, and the inputs hold more than one: "
                     "name it with FILE:LINE, --game N or --index N");
  }
  const DisputedMoment place = disputed_moment(game, checked.result, line_, column_);
  page_ = decision_sheet(game, checked, place, decision_points(checked.result));
}

}  // namespace bpgn
