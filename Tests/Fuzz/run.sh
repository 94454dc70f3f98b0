#!/usr/bin/env bash
# Builds the libFuzzer targets with AddressSanitizer and runs each for SECONDS.
#
#   bash Tests/Fuzz/run.sh SECONDS [pipeline|cost|images|images-crc ...]
#
# pipeline: the whole pipeline (parse, run with small limits, render) on a small canvas;
# cost: the same with a canvas up to 4096 pixels a side, so the render budget is fuzzed;
# images: the PNG and PPM readers; images-crc: the same with every PNG chunk's CRC made
# right first, so mutations reach the decoders (libdeflate's path and libpng's) rather
# than the CRC check. Default: all four, SECONDS each.
# New inputs go to .build/fuzz/corpus-NAME (the checked-in seeds in corpus/ are only
# read); crashes, timeouts and out-of-memory inputs go to .build/fuzz/artifacts, and the
# script exits 1 when there is one. Turn each into a regression test.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:?usage: run.sh SECONDS [pipeline|cost|images|images-crc ...]}
shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(pipeline cost images images-crc)

# Each of these was seen to leave libFuzzer blind ("cov: 1": every input looks alike,
# nothing is explored):
# - SwiftPM hands the compiler `-sanitize=fuzzer` and `-sanitize=address` in either order
#   from one build to the next, and the compiler keeps only the last: the Swift code got
#   coverage and no ASan, or ASan and no coverage. The one combined flag after them wins.
# - A release link without --disable-dead-strip drops the counters' sections.
# - ld.gold gave the counters' bounds of the first C object in the link (5 counters of
#   35,000); the link is the toolchain's lld.
build=(swift build -c release --sanitize=fuzzer --sanitize=address --disable-dead-strip
       -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld)
"${build[@]}" >/dev/null
bin=$("${build[@]}" --show-bin-path)
# The engine's code must carry both instrumentations before anything is run.
probe="$bin/MaskEngine.build/Rasterizer.swift.o"
# (grep -c, not -q: -q stops reading, and pipefail would count objdump's broken pipe.)
counters=$(objdump -h "$probe" | grep -c __sancov_cntrs || true)
checks=$(objdump -dr "$probe" | grep -c __asan_report || true)
if [ "$counters" -eq 0 ] || [ "$checks" -eq 0 ]; then
  echo "the engine was not built with both coverage and AddressSanitizer ($probe); remove Tests/Fuzz/.build and run again" >&2
  exit 1
fi
work=.build/fuzz
mkdir -p "$work/artifacts"
export SWIFT_BACKTRACE=enable=no   # a crash must not leave a backtrace process holding the pipe
export ASAN_OPTIONS=detect_leaks=0

status=0
for target in "${targets[@]}"; do
  case "$target" in
    pipeline) exe=FuzzPipeline seeds=corpus/pipeline mode=small ;;
    cost) exe=FuzzPipeline seeds=corpus/pipeline mode=cost ;;
    images) exe=FuzzImages seeds=corpus/images mode=small ;;
    images-crc) exe=FuzzImages seeds=corpus/images mode=crc ;;
    *) echo "unknown target '$target' (pipeline, cost, images or images-crc)" >&2; exit 2 ;;
  esac
  mkdir -p "$work/corpus-$target"
  echo "== $target: $seconds s"
  log="$work/$target.log"
  FUZZ_MODE=$mode "$bin/$exe" "$work/corpus-$target" "$seeds" \
    -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -max_len=8192 \
    -artifact_prefix="$work/artifacts/$target-" -print_final_stats=1 >"$log" 2>&1 || status=1
  grep -E "^stat::number_of_executed_units|^stat::average_exec_per_sec|^stat::peak_rss_mb" "$log" || true
  # Blind when the counters are missing or only a handful (a bad link, not the code):
  # every target here reaches hundreds of edges from its seeds.
  edges=$(sed -nE 's/.*INITED cov: ([0-9]+).*/\1/p' "$log" | head -1)
  if [ -z "$edges" ] || [ "$edges" -lt 100 ]; then
    echo "$target: libFuzzer saw ${edges:-no} coverage edges: the target was linked without its counters (remove Tests/Fuzz/.build and run again)" >&2
    status=1
  fi
  grep -E "ERROR|SUMMARY|Test unit written" "$log" || true
done
ls "$work/artifacts" | sed 's/^/artifact: /'
exit $status
