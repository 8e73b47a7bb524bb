// Whether the tests run under AddressSanitizer (the asan preset: clang, ASan+UBSan). Tests that
// scale an input to show a bound (a huge token, many games, a deep perft) take a smaller size
// there that still crosses every limit they test; the Release run keeps the full sizes.
#pragma once

namespace bpgn::test {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kUnderSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kUnderSanitizer = true;
#else
inline constexpr bool kUnderSanitizer = false;
#endif
#else
inline constexpr bool kUnderSanitizer = false;
#endif

}  // namespace bpgn::test
