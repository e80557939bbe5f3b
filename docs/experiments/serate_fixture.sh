#!/usr/bin/env bash
# Rates puzzles with SukakuExplainer's `serate` (Java) and writes a fixture that the SE agreement
# test (crates/sudoscope-core/tests/se_agreement.rs) reads, so that CI checks agreement without
# Java. serate itself is not part of this repository: build it from
# github.com/SudokuMonster/SukakuExplainer and pass the jar.
#
# usage: serate_fixture.sh SERATE_JAR PUZZLE_FILE OUT_BASENAME [COUNT [STRIDE]]
#   PUZZLE_FILE  one puzzle per line (its first 81 characters; lines starting with # skipped)
#   COUNT        how many puzzles to take (default all); STRIDE takes every STRIDE-th line
#   SERATE_OPTS  (environment) extra serate options, e.g. --techs=... for SE 1.2.1's ladder
# writes OUT_BASENAME.txt  lines "PUZZLE ER EP ED" (serate's default options, one thread)
#        OUT_BASENAME.steps  for each puzzle a line "# PUZZLE" then serate's steps, one a line,
#                            "RATING DESCRIPTION" (what lets a disagreement be found step by step)
set -euo pipefail
jar=$1 input=$2 out=$3 count=${4:-0} stride=${5:-1}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
awk -v stride="$stride" -v count="$count" '
  /^#/ { next } (n++) % stride == 0 { print substr($0, 1, 81); taken++; if (count > 0 && taken >= count) exit }
' "$input" > "$tmp"
version=$(java -cp "$jar" diuf.sudoku.test.serate --version 2>&1 | head -1)
java -Xmx1g -cp "$jar" diuf.sudoku.test.serate --threads=1 ${SERATE_OPTS:-} \
  --start="# %g" --after="%r %s" --format="= %g %r %p %d" --input="$tmp" > "$out.raw"
header="# serate $version (SukakuExplainer), options: ${SERATE_OPTS:-default}; $(basename "$input") count=$count stride=$stride"
{ echo "$header"; grep '^= ' "$out.raw" | cut -c3-; } > "$out.txt"
{ echo "$header"; grep -v '^= ' "$out.raw"; } > "$out.steps"
rm -f "$out.raw"
