// bpgn as a library (docs/install.md): check, read and format bughouse and chess records
// (api/bpgn_api.h); the chess core and rule sets are under core/ and rules/.
#pragma once

#include "api/bpgn_api.h"
