#!/usr/bin/env bash
# The interpreter beside Debian's CPython and Lua 5.4, whole process on each side:
# recursive fib(25), a loop of a million additions, a script that does nothing, and
# parsing + checking a generated 1 MB script (beside `python3 -m py_compile` and
# `luac5.4 -p` on the same program). Wall time with hyperfine (best and mean of 20 runs,
# after 3 warm-ups), peak memory with /usr/bin/time. Usage: bash Benchmarks/interpreter/run.sh
#
# `mask` is measured as `swift build -c release` makes it: one static executable (the Swift
# runtime, Foundation and the C libraries inside; Package.swift), as users get it.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/../.."
python=/usr/bin/python3       # Debian's own build (PGO + LTO), not a pyenv shim
lua=lua5.4
swift build -c release --product mask >/dev/null
mask="$PWD/.build/release/mask"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O2 "$here/nothing.c" -o "$work/nothing"
"$python" "$here/generate.py" "$work"
cd "$here"

# bench NAME COMMAND...: appends "NAME<TAB>best<TAB>mean" (milliseconds) to $work/times.
bench() {
  local name=$1; shift
  hyperfine -N --warmup 3 --runs 20 --export-json "$work/h.json" "$@" >/dev/null 2>&1
  "$python" -c "import json,sys; r=json.load(open('$work/h.json'))['results'][0]; print(f\"$name\t{min(r['times'])*1000:.1f}\t{r['mean']*1000:.1f}\")" >> "$work/times"
}
# peak COMMAND...: the peak resident set size in MB.
peak() {
  /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1 | awk '{printf "%.1f", $1 / 1024}'
}

for p in fib loop empty; do
  bench "$p mask check" "$mask check $p.mask"
  bench "$p python3" "$python $p.py"
  bench "$p lua5.4" "$lua $p.lua"
done
bench "empty C program" "$work/nothing"
bench "1MB mask check" "$mask check $work/big.mask"
bench "1MB python3 -m py_compile" "$python -m py_compile $work/big.py"
bench "1MB luac5.4 -p" "luac5.4 -p $work/big.lua"

printf '| run | best (ms) | mean (ms) |\n|---|---:|---:|\n'
awk -F'\t' '{printf "| %s | %s | %s |\n", $1, $2, $3}' "$work/times"
echo
printf '| 1 MB script | peak memory (MB) |\n|---|---:|\n'
printf '| mask check | %s |\n' "$(peak "$mask" check "$work/big.mask")"
printf '| python3 -m py_compile | %s |\n' "$(peak "$python" -m py_compile "$work/big.py")"
printf '| luac5.4 -p | %s |\n' "$(peak luac5.4 -p "$work/big.lua")"
echo
echo "sizes: $(wc -c < "$work/big.mask") bytes of mask script, $(wc -c < "$work/big.py") of Python, $(wc -c < "$work/big.lua") of Lua"
