"""HoDoKu's `find_all` at a sample of boards, for `tests/logic_hodoku_agreement.rs`.

Needs hodoku-py (a Python port of HoDoKu; not a dependency of sudoscope):

    python3 -m venv venv && ./venv/bin/pip install hodoku-py
    ./target/release/sudoscope generate --level hard --count 25 --seed 11 > boards.txt
    ./target/release/sudoscope generate --level evil --count 25 --seed 12 >> boards.txt
    ./venv/bin/python docs/experiments/hodoku_find_all.py < boards.txt > crates/sudoscope-core/tests/data/hodoku_find_all.jsonl

The committed file was made from the puzzles of those two commands as sudoscope generated
them on 2026-11-22 (the generator has changed since, so the same seeds now give other puzzles;
the test reads only the file, which holds every board it needs).

For every puzzle on standard input it follows HoDoKu's own solution path and, at every board
where the next step is not a single, records the board (digits and candidates) and, for every
technique type sudoscope also has, every placement and elimination HoDoKu's `find_all` finds
there (types that find nothing are left out). One JSON object per board; `cands` lists each
cell's candidates, comma-separated, empty for a cell with a digit.

With `--singles-pending`, it records instead the boards where the next step IS a single
(every third one, and the puzzle's first board): boards with singles still pending, where
subsets made of cells that those singles will fill count too. That is how
`tests/data/hodoku_find_all_singles_pending.jsonl` was made (2026-11-23), from

    ./target/release/sudoscope generate --level hard --count 12 --seed 21 > pending.txt
    ./target/release/sudoscope generate --level evil --count 12 --seed 22 >> pending.txt
    echo 8621593..9357481624712368..1.3..7....9...2........4...3496.17..628475..15179.34.6 >> pending.txt
    ./venv/bin/python docs/experiments/hodoku_find_all.py --singles-pending < pending.txt \
        > crates/sudoscope-core/tests/data/hodoku_find_all_singles_pending.jsonl
"""
import json
import sys

from hodoku import Solver, SolutionType as T
from hodoku.core.grid import Grid
from hodoku.solver.step_finder import SudokuStepFinder
from hodoku.solver.solver import _apply_step

TYPES = [
    "FULL_HOUSE", "NAKED_SINGLE", "HIDDEN_SINGLE",
    "LOCKED_CANDIDATES_1", "LOCKED_CANDIDATES_2",
    "LOCKED_PAIR", "LOCKED_TRIPLE", "NAKED_PAIR", "NAKED_TRIPLE", "NAKED_QUADRUPLE",
    "HIDDEN_PAIR", "HIDDEN_TRIPLE", "HIDDEN_QUADRUPLE",
    "X_WING", "SWORDFISH", "JELLYFISH",
    "FINNED_X_WING", "FINNED_SWORDFISH", "FINNED_JELLYFISH",
    "SASHIMI_X_WING", "SASHIMI_SWORDFISH", "SASHIMI_JELLYFISH",
    "SKYSCRAPER", "TWO_STRING_KITE", "EMPTY_RECTANGLE", "TURBOT_FISH",
    "XY_WING", "XYZ_WING", "W_WING",
    "SIMPLE_COLORS_TRAP", "SIMPLE_COLORS_WRAP",
    "UNIQUENESS_1", "BUG_PLUS_1",
    "X_CHAIN", "XY_CHAIN", "AIC", "DISCONTINUOUS_NICE_LOOP", "CONTINUOUS_NICE_LOOP",
    "ALS_XZ", "ALS_XY_WING",
]
SINGLES = {"FULL_HOUSE", "NAKED_SINGLE", "HIDDEN_SINGLE"}
PLACING = SINGLES | {"BUG_PLUS_1"}
config = Solver()._config


def snapshot(grid):
    values = "".join(str(v) if v else "." for v in grid.values)
    cands = [
        "" if grid.values[i] else "".join(str(d) for d in range(1, 10) if grid.candidates[i] >> (d - 1) & 1)
        for i in range(81)
    ]
    return values, cands


def rebuilt(values, cands):
    """A fresh grid holding exactly the recorded board (the digits, then the candidates
    HoDoKu had already ruled out removed), which is also what the Rust test builds: HoDoKu's
    table-based searches (AIC, nice loops) read state a grid keeps from its solving history."""
    grid = Grid()
    grid.set_sudoku(values)
    for i, kept in enumerate(cands):
        if values[i] == ".":
            for d in range(1, 10):
                if str(d) not in kept:
                    grid.del_candidate(i, d)
    return grid


def found_at(grid):
    # The solving configuration, not the more permissive find-all one: sudoscope's almost
    # locked sets never overlap, as in HoDoKu's solver (find-all lets them share cells).
    finder = SudokuStepFinder(grid, config.solve_search)
    out = {}
    for name in TYPES:
        place, elim = set(), set()
        for step in finder.find_all(getattr(T, name)):
            # The fish searches return every finned and sashimi size at once.
            if step.type.name != name:
                continue
            if name in PLACING:
                for idx, val in zip(step.indices, step.values):
                    place.add((idx, val))
            for c in step.candidates_to_delete:
                elim.add((c.index, c.value))
        if place or elim:
            out[name] = {"place": sorted(place), "elim": sorted(elim)}
    return out


def main():
    pending = "--singles-pending" in sys.argv[1:]
    solver = Solver()
    for line in sys.stdin:
        if not line.strip() or line.startswith("#"):
            continue
        puzzle = line.split()[0]
        result = solver.solve(puzzle)
        grid = Grid()
        grid.set_sudoku(puzzle)
        singles_seen = 0
        for i, step in enumerate(result.steps):
            is_single = step.type.name in SINGLES
            if pending and is_single:
                singles_seen += 1
            record = (is_single and (i == 0 or singles_seen % 3 == 1)) if pending else not is_single
            if record:
                values, cands = snapshot(grid)
                found = found_at(rebuilt(values, cands))
                print(json.dumps({"values": values, "cands": ",".join(cands), "hodoku": found,
                                  "next": step.type.name}, separators=(",", ":")), flush=True)
            _apply_step(grid, step)


if __name__ == "__main__":
    main()
