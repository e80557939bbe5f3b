#!/usr/bin/env bash
# Times two builds of the SE rater puzzle by puzzle, alternating which goes first, so that the
# shared machine's drift in speed (up to ~1.6x within minutes) falls on both alike: a run of one
# build after the other can put one of them in a slow stretch.
#
# usage: se_paired.sh PUZZLE_FILE BASE_SE_BENCH NEW_SE_BENCH > pairs.txt
#   PUZZLE_FILE    one puzzle per line (its first 81 characters are used)
#   *_SE_BENCH     se_bench binaries (`cargo build --release -p sudoscope-lab --bin se_bench`, then
#                  target/release/se_bench; keep a copy of the older one)
# prints a line per puzzle, "PUZZLE BASE_MS NEW_MS", then the medians, the median of the
# per-puzzle ratios (new / base) and the totals.
set -euo pipefail

if [ $# -ne 3 ]; then
    echo "usage: se_paired.sh PUZZLE_FILE BASE_SE_BENCH NEW_SE_BENCH" >&2
    exit 2
fi
file=$1 base=$2 new=$3
one=$(mktemp)
pairs=$(mktemp)
trap 'rm -f "$one" "$pairs"' EXIT

# The milliseconds se_bench printed for its one puzzle.
time_of() {
    "$1" "$one" 1 2>&1 | grep -E "^[0-9.]{81} .* ms$" | awk '{print $(NF-1)}'
}

i=0
while read -r line; do
    puzzle=${line:0:81}
    echo "$puzzle" > "$one"
    if [ $((i % 2)) -eq 0 ]; then
        a=$(time_of "$base")
        b=$(time_of "$new")
    else
        b=$(time_of "$new")
        a=$(time_of "$base")
    fi
    echo "$puzzle $a $b" | tee -a "$pairs"
    i=$((i + 1))
done < "$file"

median() { sort -n | awk '{v[NR] = $1} END {print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2)}'; }
echo "median base $(awk '{print $2}' "$pairs" | median) ms, new $(awk '{print $3}' "$pairs" | median) ms"
echo "median ratio new/base $(awk '{print $3 / $2}' "$pairs" | median)"
awk '{b += $2; n += $3} END {printf "total base %.1f s, new %.1f s\n", b / 1000, n / 1000}' "$pairs"
