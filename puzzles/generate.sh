#!/bin/sh
# Regenerates puzzles/generated/ with fixed seeds (see puzzles/README.md). Same seeds, same
# files, on any machine. Run from the repository root after `cargo build --release`:
#   sh puzzles/generate.sh
set -eu
bin=${SUDOSCOPE:-target/release/sudoscope}
out=puzzles/generated
mkdir -p "$out"

gen() { # file count size variant level seed
    file=$1 count=$2 size=$3 variant=$4 level=$5 seed=$6
    {
        echo "# sudoscope generate --count $count --size $size --variant $variant --level $level --symmetry rotational --seed $seed --timeout-ms 120000"
        "$bin" generate --count "$count" --size "$size" --variant "$variant" --level "$level" \
            --symmetry rotational --seed "$seed" --timeout-ms 120000
    } > "$out/$file"
    echo "$out/$file"
}

for level in easy medium hard evil; do
    gen "9x9-$level.txt" 300 9 standard "$level" 2026
    gen "9x9-x-$level.txt" 50 9 x "$level" 2026
    gen "9x9-hyper-$level.txt" 50 9 hyper "$level" 2026
    gen "16x16-$level.txt" 20 16 standard "$level" 2026
done
gen "4x4-easy.txt" 50 4 standard easy 2026
for level in easy medium; do
    gen "16x16-x-$level.txt" 10 16 x "$level" 2026
    gen "16x16-hyper-$level.txt" 10 16 hyper "$level" 2026
    gen "25x25-$level.txt" 5 25 standard "$level" 2026
done
