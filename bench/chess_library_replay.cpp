// The speed peer of `bench/run`: Disservin/chess-library (MIT, header-only `chess.hpp`, not part of
// this project) reading a PGN file with its `pgn::StreamParser` and playing every move of every game
// with `uci::parseSan` + `Board::makeMove`, the fastest C++ PGN replay we know of. bench/run builds
// this file only when CHESS_LIBRARY_HPP names the header; bpgn's `check --rules chess` does the same
// work and more (tags, results, check and mate suffixes, clocks), so the ratio is fair to the peer.
// Prints "games plies errors" so bench/run can check the peer read what bpgn read.
#include <cstdio>
#include <fstream>
#include <string>
#include <string_view>

#ifndef CHESS_LIBRARY_HPP
#define CHESS_LIBRARY_HPP "chess.hpp"
#endif
#include CHESS_LIBRARY_HPP

namespace {

class ReplayVisitor : public chess::pgn::Visitor {
  public:
    void startPgn() override {
        board_.setFen(chess::constants::STARTPOS);
        ++games_;
    }
    void header(std::string_view key, std::string_view value) override {
        if (key == "FEN") board_.setFen(value);
    }
    void startMoves() override {}
    void move(std::string_view san, std::string_view) override {
        if (skip()) return;
        try {
            const chess::Move m = chess::uci::parseSan(board_, san, moves_);
            if (m == chess::Move::NO_MOVE) {
                ++errors_;
                skipPgn(true);
                return;
            }
            board_.makeMove(m);
            ++plies_;
        } catch (const std::exception&) {
            ++errors_;
            skipPgn(true);
        }
    }
    void endPgn() override {}

    long games_ = 0, plies_ = 0, errors_ = 0;

  private:
    chess::Board board_;
    chess::Movelist moves_;
};

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s FILE.pgn\n", argv[0]);
        return 2;
    }
    std::ifstream in(argv[1], std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "%s: cannot open %s\n", argv[0], argv[1]);
        return 2;
    }
    ReplayVisitor visitor;
    chess::pgn::StreamParser parser(in);
    const auto error = parser.readGames(visitor);
    std::printf("%ld %ld %ld\n", visitor.games_, visitor.plies_, visitor.errors_);
    if (error) {
        std::fprintf(stderr, "%s: %s\n", argv[0], error.message().c_str());
        return 1;
    }
    return visitor.errors_ == 0 ? 0 : 1;
}
