// The answers of the solvers in tdoku's benchmark harness, for bench/sudoku_peers.py to check.
//
// Built by `python bench/sudoku_peers.py build` inside a copy of tdoku's source tree, with
// the same flags and solver sources as tdoku's run_benchmark (its CMakeLists.txt), so that
// it calls the very functions that run_benchmark times.  Untimed.
//
//     tdoku_check SOLVER LIMIT FILE
//
// reads FILE (one 81-character puzzle per line, '.' or '0' for an empty cell; lines
// starting with '#' and blank lines skipped), calls SOLVER (an id of `run_benchmark -h`:
// tdoku, kudoku, jczsolve, ...) once per puzzle with LIMIT, and prints one line per
// puzzle: the number of solutions it found (up to LIMIT) and the solution it returned
// (81 characters; '.' where it wrote none).  Exit status 2 for bad arguments or an
// unknown solver.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>

#include "src/all_solvers.h"

int main(int argc, char **argv) {
    if (argc != 4) {
        std::cerr << "usage: tdoku_check SOLVER LIMIT FILE" << std::endl;
        return 2;
    }
    const std::string wanted = argv[1];
    const long limit = std::strtol(argv[2], nullptr, 10);
    if (limit < 1) {
        std::cerr << "tdoku_check: LIMIT must be a positive number, not " << argv[2] << std::endl;
        return 2;
    }
    const Solver *solver = nullptr;
    const auto solvers = GetAllSolvers();
    for (const Solver &s : solvers) {
        if (s.Id() == wanted) solver = &s;
    }
    if (solver == nullptr) {
        std::cerr << "tdoku_check: no solver " << wanted << " in this build; built:";
        for (const Solver &s : solvers) std::cerr << " " << s.Id();
        std::cerr << std::endl;
        return 2;
    }
    std::ifstream in(argv[3]);
    if (!in) {
        std::cerr << "tdoku_check: cannot read " << argv[3] << std::endl;
        return 2;
    }
    // The solvers read the puzzle from a zeroed, aligned buffer, as run_benchmark gives it
    // (tdoku looks at the byte after the 81 cells to tell a pencilmark puzzle).
    alignas(64) char puzzle[96];
    char solution[82];
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        if (line.size() < 81) {
            std::cerr << "tdoku_check: a line of " << line.size() << " characters, not 81" << std::endl;
            return 2;
        }
        std::memset(puzzle, 0, sizeof(puzzle));
        for (int i = 0; i < 81; i++) puzzle[i] = line[i] == '0' ? '.' : line[i];
        std::memset(solution, '.', 81);
        solution[81] = 0;
        size_t guesses = 0;
        size_t count = solver->Solve(puzzle, (size_t) limit, solution, &guesses);
        std::printf("%zu %s\n", count, solution);
    }
    return 0;
}
