// ASCII case folding: defined in core/ascii.h (the rule options use it too); this header keeps the
// record layers' include.
#pragma once

#include "core/ascii.h"
