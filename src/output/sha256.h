// SHA-256 (FIPS 180-4), for the content security policy of the match viewer: the page names its
// one inline script by its hash (`script-src 'sha256-...'`), so that nothing else may run.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace bpgn {

// The digest of `bytes`.
std::array<std::uint8_t, 32> sha256(std::string_view bytes);

// The digest as CSP writes it: standard base64 with `=` padding (44 characters).
std::string sha256_base64(std::string_view bytes);

}  // namespace bpgn
