// What the input opener (io/input_file.h) guarantees for any bytes, checked by fuzz_input: it
// never crashes or hangs and fails only with InputFormatError (the bytes are in memory: no
// system error); every member is named after the file and reads to an end that stays an end;
// the same bytes gzipped read back as they read bare when they are text or compressed text; and
// that gzip cut anywhere is a failure, never a shorter text.
#pragma once

#include "fuzz/fuzz_support.h"
#include "io/input_file.h"

#include <zlib.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bpgn::fuzz {

namespace input_detail {

// Bytes read from one input at most: a small compressed input may stand for gigabytes.
inline constexpr std::size_t kBudget = std::size_t{4} << 20;

struct Outcome {
  bool opened = false;
  Packing packing = Packing::Plain;
  std::vector<std::pair<std::string, std::string>> members;  // name, text
  bool failed = false;
  bool over_budget = false;  // stopped reading: the rest is not known
  std::string failure;
};

// Reads every member of `path` in reads of changing size.
inline Outcome read_input(const std::string& path, std::uint8_t seed) {
  Outcome o;
  std::size_t total = 0;
  try {
    InputFile input(path);
    o.opened = true;
    o.packing = input.packing();
    std::string buffer(4096, '\0');
    while (input.next_member()) {
      require(input.member_name().starts_with(path), "a member not named after its file", input.member_name());
      require(o.members.size() < 10000, "more members than bytes");
      o.members.emplace_back(input.member_name(), std::string());
      std::string& text = o.members.back().second;
      for (std::size_t k = seed;; ++k) {
        const std::size_t chunk = k % 3 == 0 ? 1 + k % 7 : buffer.size();
        const std::size_t n = input.read(buffer.data(), chunk);
        require(n <= chunk, "read returned more than asked");
        if (n == 0) break;
        text.append(buffer, 0, n);
        total += n;
        if (total > kBudget) {
          o.over_budget = true;
          return o;
        }
      }
      require(input.read(buffer.data(), buffer.size()) == 0, "a member read on after its end");
    }
    require(!input.next_member(), "a member after the last");
  } catch (const InputFormatError& e) {
    o.failed = true;
    o.failure = e.what();
    require(!o.failure.empty(), "an input failure without words");
  } catch (const std::system_error& e) {
    fail("a system error reading bytes in memory", e.what());
  }
  return o;
}

inline std::string gzip(std::string_view bytes, int level) {
  z_stream z{};
  require(deflateInit2(&z, level, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) == Z_OK, "deflateInit2");
  std::string out(deflateBound(&z, uLong(bytes.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  z.avail_in = uInt(bytes.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = uInt(out.size());
  require(deflate(&z, Z_FINISH) == Z_STREAM_END, "deflate");
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

}  // namespace input_detail

inline void input_properties(std::string_view bytes) {
  using namespace input_detail;
  const std::uint8_t seed = bytes.empty() ? 0 : static_cast<std::uint8_t>(bytes[0]);
  const MemFile bare(bytes);
  const Outcome raw = read_input(bare.path(), seed);
  // A text, or a compressed text: one member, named as the file.
  const bool stream = raw.opened && raw.packing != Packing::Archive;
  if (stream && !raw.failed && !raw.over_budget) {
    require(raw.members.size() == 1 && raw.members[0].first == bare.path(), "a stream is not one member named as the file");
    if (raw.packing == Packing::Plain) require(raw.members[0].second == bytes, "plain text read otherwise");
  }

  const std::string wrapped = gzip(bytes, seed % 2 == 0 ? 0 : 1);
  const MemFile gz(wrapped);
  const Outcome once = read_input(gz.path(), seed);
  if (stream && !raw.failed && !raw.over_budget) {
    require(!once.failed && !once.over_budget, "gzipped, a readable stream fails", once.failure);
    require(once.members.size() == 1 && once.members[0].second == raw.members[0].second,
            "gzipped, a stream reads otherwise");
    // Cut anywhere, the gzip is a failure.
    const std::size_t cut = 2 + (bytes.size() * 31 + seed) % (wrapped.size() - 2);
    const MemFile short_gz(std::string_view(wrapped).substr(0, cut));
    const Outcome cut_once = read_input(short_gz.path(), seed);
    require(cut_once.failed || cut_once.over_budget, "a cut gzip read through");
  }
}

}  // namespace bpgn::fuzz
