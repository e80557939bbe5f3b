#!/usr/bin/env bash
# Re-runs the measurements of docs/benchmarks.md and rewrites its tables.
#
# usage: scripts/bench.sh [--list | NAME...]
#   with no NAME every section whose tools are present is run; --list names the sections.
#
# Each section of docs/benchmarks.md between `<!-- bench:NAME begin -->` and
# `<!-- bench:NAME end -->` is replaced by a line saying when, where and with which command it
# was measured, then the command's output: as it is when the command prints a Markdown table,
# otherwise in a text block. Sections whose tools are missing are left as they are, with a
# message. Environment:
#   DATASETS     the public puzzle collections (default: ../shared/datasets beside the repo)
#   SERATE_JAR   SukakuExplainer's jar, for the Sudoku Explainer speed runs
# The tdoku and nudoku sections are not re-run: nothing of those programs is in the repository.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
doc=docs/benchmarks.md
datasets=${DATASETS:-$repo/../shared/datasets}

sections=(exact generic logic se-agreement se-speed generate generate-measure canon ui ssh ssh-cluster)

# The command of each section, as written into the document.
command_of() {
    case $1 in
        exact) echo "SUDOSCOPE_BENCH_REPS=5 cargo bench --bench exact_throughput" ;;
        generic) echo "cargo run --release -p sudoscope-lab --bin generic_bench" ;;
        logic) echo "cargo bench --bench logic" ;;
        se-agreement) echo "cargo run --release -p sudoscope-lab --bin se_compare -- FIXTURE (each of crates/sudoscope-core/tests/data/se/se121/*.txt)" ;;
        se-speed) echo "cargo run --release -p sudoscope-lab --bin se_bench -- sudoku_exchange_diabolical_se_first320.txt 60 \$SERATE_JAR" ;;
        generate) echo "GEN_BENCH_QQWING=50 cargo run --release -p sudoscope-lab --bin generate_bench" ;;
        generate-measure) echo "cargo run --release --example generate_measure" ;;
        canon) echo "cargo run --release --example canon_bench" ;;
        ui) echo "cargo bench --bench render && cargo bench --bench panel" ;;
        ssh) echo "cargo run --release --example ssh_load -- --scenario daily --sessions 300; cargo run --release --example ssh_load -- --scenario panel --sessions 30 --toggles 10" ;;
        ssh-cluster) echo "cargo run --release --example ssh_load -- --scenario cluster --sessions 1000 --seconds 60; cargo run --release --example ssh_load -- --scenario cluster --sessions 1000 --faults; cargo run --release --example ssh_load -- --scenario cluster --sessions 300 --seconds 30" ;;
        *) return 1 ;;
    esac
}

# Runs a section's measurement, printing what goes into the document; fails (with a message on
# standard error) when something it needs is missing.
run() {
    case $1 in
        exact) need_datasets && SUDOSCOPE_BENCH_REPS=5 cargo bench --bench exact_throughput ;;
        generic) need_datasets && cargo run --release -q -p sudoscope-lab --bin generic_bench ;;
        logic) need_datasets && cargo bench --bench logic ;;
        se-agreement)
            for fixture in crates/sudoscope-core/tests/data/se/se121/*.txt; do
                echo "== $(basename "$fixture")"
                cargo run --release -q -p sudoscope-lab --bin se_compare -- "$fixture"
            done ;;
        se-speed)
            need_datasets || return 1
            if [ ! -f "${SERATE_JAR:-}" ]; then
                echo "se-speed: set SERATE_JAR to SukakuExplainer's jar" >&2
                return 1
            fi
            cargo run --release -q -p sudoscope-lab --bin se_bench -- \
                "$datasets/sudoku_exchange_diabolical_se_first320.txt" 60 "$SERATE_JAR" ;;
        generate)
            if ! command -v qqwing >/dev/null; then
                echo "generate: qqwing is not installed (apt-get install qqwing)" >&2
                return 1
            fi
            GEN_BENCH_QQWING=50 cargo run --release -q -p sudoscope-lab --bin generate_bench ;;
        generate-measure) cargo run --release -q --example generate_measure ;;
        canon) need_datasets && cargo run --release -q --example canon_bench ;;
        ui) cargo bench --bench render && cargo bench --bench panel ;;
        ssh)
            # The cluster scenario of the same tool (two instances on PostgreSQL, the same
            # load on SQLite, and the fault run) is the next section, ssh-cluster.
            cargo build --release -q
            cargo run --release -q --example ssh_load -- --scenario daily --sessions 300 &&
                cargo run --release -q --example ssh_load -- --scenario panel --sessions 30 --toggles 10 ;;
        ssh-cluster)
            # Needs PostgreSQL at 127.0.0.1:5432 (trust auth, user root); the fault run
            # restarts it with pg_ctlcluster, which every other user of that server feels.
            cargo build --release -q
            cargo run --release -q --example ssh_load -- --scenario cluster --sessions 1000 --seconds 60 &&
                cargo run --release -q --example ssh_load -- --scenario cluster --sessions 1000 --faults &&
                cargo run --release -q --example ssh_load -- --scenario cluster --sessions 300 --seconds 30 ;;
    esac
}

need_datasets() {
    if [ ! -d "$datasets" ]; then
        echo "the datasets are not at $datasets (set DATASETS)" >&2
        return 1
    fi
    export SUDOSCOPE_DATASETS=$datasets
}

# Replaces the body of section $1 in the document by the file $2.
replace() {
    local name=$1 body=$2 tmp
    tmp=$(mktemp)
    awk -v begin="<!-- bench:$name begin -->" -v end="<!-- bench:$name end -->" -v body="$body" '
        $0 == begin { print; while ((getline line < body) > 0) print line; skipping = 1; next }
        $0 == end { skipping = 0 }
        !skipping { print }
    ' "$doc" >"$tmp"
    mv "$tmp" "$doc"
}

measure() {
    local name=$1 out body load
    if ! grep -qx "<!-- bench:$name begin -->" "$doc"; then
        echo "$doc has no section $name" >&2
        return 1
    fi
    out=$(mktemp)
    body=$(mktemp)
    echo "== $name: $(command_of "$name")" >&2
    if ! run "$name" >"$out"; then
        echo "== $name: left as it was" >&2
        rm -f "$out" "$body"
        return 0
    fi
    load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo "?")
    {
        echo "Measured $(date +%Y-%m-%d) on $(nproc) cores of $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//' || uname -m), load average $load, with \`$(command_of "$name")\`:"
        echo
        if grep -q '^|---' "$out"; then
            grep -E '^(\||$)' "$out" | cat -s
        else
            echo '```text'
            cat "$out"
            echo '```'
        fi
    } >"$body"
    replace "$name" "$body"
    rm -f "$out" "$body"
}

if [ "${1:-}" = "--list" ]; then
    printf '%s\n' "${sections[@]}"
    exit 0
fi
names=("$@")
[ ${#names[@]} -gt 0 ] || names=("${sections[@]}")
for name in "${names[@]}"; do
    command_of "$name" >/dev/null || { echo "unknown section: $name (see --list)" >&2; exit 2; }
    measure "$name"
done
