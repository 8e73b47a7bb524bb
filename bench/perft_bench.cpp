// Perft throughput of the chess core on a fixed set of crazyhouse positions
// (bench/perft-positions.txt, shared with fsf_perft.sh so both engines run the same work).
//
//   bpgn_perft_bench                      every position of the list
//   bpgn_perft_bench --only zh-midgame    one entry of the list
//   bpgn_perft_bench --fen FEN --depth N [--rules NAME] [--divide]
//   --repeat N    time each position N times and keep the fastest run (default 3: the runs are
//                 milliseconds long, so one run is at the mercy of the scheduler)
//
// Prints one line per position (nodes, seconds, nodes per second) and the total; exits 1 when a
// count differs from the expected one.
#include "core/fen.h"
#include "core/movegen.h"
#include "core/san.h"
#include "rules/rule_set.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

namespace {

struct Entry {
  std::string id;
  std::string fen;
  int depth = 0;
  std::uint64_t expected = 0;  // 0: unknown
};

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t");
  const auto e = s.find_last_not_of(" \t\r");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::vector<Entry> read_positions(const std::string& path) {
  std::vector<Entry> out;
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", path.c_str());
    std::exit(2);
  }
  std::string line;
  while (std::getline(in, line)) {
    if (trim(line).empty() || trim(line)[0] == '#') continue;
    std::vector<std::string> f;
    std::size_t start = 0;
    for (std::size_t bar; (bar = line.find('|', start)) != std::string::npos; start = bar + 1) {
      f.push_back(trim(line.substr(start, bar - start)));
    }
    f.push_back(trim(line.substr(start)));
    if (f.size() != 4) {
      std::fprintf(stderr, "%s: bad line: %s\n", path.c_str(), line.c_str());
      std::exit(2);
    }
    out.push_back({f[0], f[1], std::atoi(f[2].c_str()), std::strtoull(f[3].c_str(), nullptr, 10)});
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  std::string positions = std::string(BPGN_BENCH_DIR) + "/perft-positions.txt";
  std::string only, fen, rules_name = "crazyhouse";
  int depth = 0, repeat = 3;
  bool divide = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "%s needs a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--positions") positions = value();
    else if (a == "--only") only = value();
    else if (a == "--fen") fen = value();
    else if (a == "--depth") depth = std::atoi(value().c_str());
    else if (a == "--rules") rules_name = value();
    else if (a == "--divide") divide = true;
    else if (a == "--repeat") repeat = std::max(1, std::atoi(value().c_str()));
    else {
      std::fprintf(stderr, "usage: bpgn_perft_bench [--positions FILE] [--only ID] [--fen FEN --depth N] [--rules NAME] [--divide] [--repeat N]\n");
      return 2;
    }
  }
  const auto rules = bpgn::rules_by_name(rules_name);
  if (!rules) {
    std::fprintf(stderr, "unknown rule set %s\n", rules_name.c_str());
    return 2;
  }
  std::vector<Entry> entries;
  if (!fen.empty()) {
    entries.push_back({"fen", fen, depth, 0});
  } else {
    for (Entry& e : read_positions(positions)) {
      if (only.empty() || e.id == only) entries.push_back(e);
    }
  }

  std::uint64_t total_nodes = 0;
  double total_seconds = 0;
  bool all_ok = true;
  std::printf("%-16s %5s %12s %10s %10s\n", "position", "depth", "nodes", "seconds", "Mnodes/s");
  for (const Entry& e : entries) {
    bpgn::Position pos;
    if (auto err = bpgn::parse_fen(e.fen, pos)) {
      std::fprintf(stderr, "%s: bad FEN: %s at %zu\n", e.id.c_str(), err->message.c_str(), err->offset);
      return 2;
    }
    if (divide && e.depth > 0) {
      auto moves = std::make_unique<bpgn::MoveList>();
      bpgn::generate_legal(pos, *rules, *moves);
      for (const bpgn::Move& m : *moves) {
        bpgn::Position next = pos;
        next.play(m, *rules);
        std::printf("%s: %llu\n", bpgn::to_uci(m).c_str(),
                    static_cast<unsigned long long>(bpgn::perft(next, *rules, e.depth - 1)));
      }
    }
    std::uint64_t nodes = 0;
    double s = 1e300;
    for (int r = 0; r < repeat; ++r) {
      const auto t0 = std::chrono::steady_clock::now();
      nodes = bpgn::perft(pos, *rules, e.depth);
      s = std::min(s, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    const bool ok = e.expected == 0 || nodes == e.expected;
    all_ok &= ok;
    total_nodes += nodes;
    total_seconds += s;
    std::printf("%-16s %5d %12llu %10.6f %10.1f%s\n", e.id.c_str(), e.depth, static_cast<unsigned long long>(nodes), s,
                double(nodes) / s / 1e6, ok ? "" : "  WRONG, expected a different count");
    if (!ok) std::printf("%-16s expected %llu\n", "", static_cast<unsigned long long>(e.expected));
  }
  std::printf("%-16s %5s %12llu %10.6f %10.1f\n", "total", "", static_cast<unsigned long long>(total_nodes),
              total_seconds, double(total_nodes) / total_seconds / 1e6);
  return all_ok ? 0 : 1;
}
