#!/usr/bin/env bash
# Rates puzzles with SukakuExplainer's `serate` (Java) and writes a fixture that the SE agreement
# test (crates/sudoscope-core/tests/it/se_agreement.rs) reads, so that CI checks agreement without
# Java. serate itself is not part of this repository: build it from
# github.com/SudokuMonster/SukakuExplainer and pass the jar.
#
# usage: serate_fixture.sh SERATE_JAR PUZZLE_FILE OUT_BASENAME [COUNT [STRIDE]]
#   PUZZLE_FILE  one puzzle per line (its first 81 characters; lines starting with # skipped),
#                so a fixture's own .txt can be given to rate its puzzles again
#   COUNT        how many puzzles to take (default all); STRIDE takes every STRIDE-th line
#   SERATE_OPTS  (environment) extra serate options, e.g. --techs=... for SE 1.2.1's ladder
#   SERATE_TIMEOUT (environment) seconds per puzzle: each puzzle gets its own serate run, killed
#                after that long; the puzzles that did not finish are listed in OUT.timedout
#                (without it, one serate run rates every puzzle with no limit)
# writes OUT_BASENAME.txt  lines "PUZZLE ER EP ED" (serate's default options, one thread)
#        OUT_BASENAME.steps  for each puzzle a line "# PUZZLE" then serate's steps, one a line,
#                            "RATING DESCRIPTION" (what lets a disagreement be found step by step)
#
# usage: serate_fixture.sh --qqwing LEVEL COUNT OUT_FILE
#   writes COUNT puzzles of QQWing's LEVEL (simple, easy, intermediate, expert), one a line, made
#   by `qqwing --generate COUNT --difficulty LEVEL --one-line` (Debian package `qqwing`). QQWing
#   seeds itself from the clock and has no seed option, so this step cannot be repeated to the
#   same puzzles: the puzzles it made are committed (as the first column of the rated fixture),
#   and rating them again from that file is what is reproducible.
set -euo pipefail

if [[ ${1:-} == --qqwing ]]; then
  level=$2 count=$3 out=$4
  {
    echo "# $(qqwing --version | head -1): --generate $count --difficulty $level --one-line"
    qqwing --generate "$count" --difficulty "$level" --one-line
  } > "$out"
  exit 0
fi

jar=$1 input=$2 out=$3 count=${4:-0} stride=${5:-1}
tmp=$(mktemp)
one=$(mktemp)
trap 'rm -f "$tmp" "$one"' EXIT
awk -v stride="$stride" -v count="$count" '
  /^#/ { next } (n++) % stride == 0 { print substr($0, 1, 81); taken++; if (count > 0 && taken >= count) exit }
' "$input" > "$tmp"
version=$(java -cp "$jar" diuf.sudoku.test.serate --version 2>&1 | head -1)
# serate INPUT [TIMEOUT]: one JVM rating INPUT's puzzles, killed after TIMEOUT seconds if given
serate() {
  ${2:+timeout --kill-after=10 "$2"} java -Xmx1g -cp "$jar" diuf.sudoku.test.serate --threads=1 ${SERATE_OPTS:-} \
    --start="# %g" --after="%r %s" --format="= %g %r %p %d" --input="$1"
}
# Writes the fixture from serate's output so far (with a timeout, after every puzzle, so a run
# stopped part-way still leaves what finished).
write_fixture() {
  { echo "$header"; grep '^= ' "$out.raw" | cut -c3-; } > "$out.txt"
  { echo "$header"; grep -v '^= ' "$out.raw"; } > "$out.steps"
}
header="# serate $version (SukakuExplainer), options: ${SERATE_OPTS:-default}; $(basename "$input") count=$count stride=$stride"
if [[ -n ${SERATE_TIMEOUT:-} ]]; then
  header="$header timeout=${SERATE_TIMEOUT}s per puzzle"
  : > "$out.raw"
  echo "$header; these puzzles did not finish in time:" > "$out.timedout"
  while read -r puzzle; do
    echo "$puzzle" > "$one"
    start=$(date +%s)
    if serate "$one" "$SERATE_TIMEOUT" > "$one.out"; then
      cat "$one.out" >> "$out.raw"
      write_fixture
      echo "rated $puzzle in $(( $(date +%s) - start )) s" >&2
    else
      echo "$puzzle" >> "$out.timedout"
      echo "timed out $puzzle after $(( $(date +%s) - start )) s" >&2
    fi
    rm -f "$one.out"
  done < "$tmp"
else
  serate "$tmp" > "$out.raw"
fi
write_fixture
rm -f "$out.raw"
