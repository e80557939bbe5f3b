#!/bin/sh
# Makes the daily puzzles' banks, puzzles/daily/9x9-LEVEL.txt. They were made once and are
# append only: the dailies of every day are drawn from these lines (src/daily.rs), so an edited
# or reordered line would change the puzzle players had on a past day. Run only to check that
# the files are reproducible, from the repository root after `cargo build --release`:
#   sh puzzles/daily/make.sh && git diff --stat puzzles/daily
# Each level's puzzles are generated at that level with one seed, rated with `rate --se`, and
# kept when their Sudoku Explainer rating (ER) falls in the level's band; the first 366 kept
# are the bank.
set -eu
bin=${SUDOSCOPE:-target/release/sudoscope}
out=puzzles/daily
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

bank() { # level min_er max_er candidates
    level=$1 min=$2 max=$3 count=$4
    "$bin" generate --count "$count" --size 9 --variant standard --level "$level" \
        --symmetry rotational --seed 20261127 --timeout-ms 120000 > "$tmp/puzzles"
    "$bin" rate --se "$tmp/puzzles" | sed 's/.*se=\([0-9.]*\)\/.*/\1/' > "$tmp/er"
    {
        echo "# The daily puzzles' bank, level $level, SE $min-$max: append only (src/daily.rs)."
        echo "# made by puzzles/daily/make.sh"
        paste -d ' ' "$tmp/puzzles" "$tmp/er" |
            awk -v min="$min" -v max="$max" '$2 >= min && $2 <= max { print $1 " SE " $2 }' |
            head -n 366
    } > "$out/9x9-$level.txt"
    echo "$out/9x9-$level.txt: $(grep -vc '^#' "$out/9x9-$level.txt") puzzles"
}

bank easy 1.0 2.6 366
bank medium 1.0 3.9 366
bank hard 4.0 6.9 500
bank evil 7.0 9.9 500
