#!/usr/bin/env bash
# bench-pairs.sh: BenchmarkGroup beside BenchmarkFloor, pair by pair, for
# make bench. On a shared, noisy machine the load changes from second to
# second: each group leaf runs right beside its floor leaf (alternating
# which goes first), round after round, so that internal/cmd/benchratio
# can take the median of the per-round ratios. The Go client's AVG
# (alloc/goclient BenchmarkClientGoAVG/each) runs beside NEARBY at
# 20000×1000. Output: `go test -bench` lines.
#
#   BENCH_ROUNDS (7)  BENCH_PAIR_TIME (200ms)  BENCH_CPU (1,2)  GO (go)
#   BENCH_STRATEGIES (all four, space-separated)
set -euo pipefail
rounds=${BENCH_ROUNDS:-7}
btime=${BENCH_PAIR_TIME:-200ms}
cpus=${BENCH_CPU:-1,2}
go=${GO:-go}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$go" test -c -o "$dir/alloc.test" ./alloc
"$go" test -c -o "$dir/goclient.test" ./alloc/goclient

run() { # binary, -bench pattern
  "$1" -test.run '^$' -test.bench "$2" -test.benchmem -test.benchtime "$btime" -test.cpu "$cpus" | grep '^Benchmark' || true
}

read -r -a strategies <<<"${BENCH_STRATEGIES:-AVG AVG_BY_CIRCLE CONSISTENT_HASH_vn10 NEARBY_AVG_4rooms}"
sizes=('Q=16,C=4' 'Q=256,C=32' 'Q=4096,C=256' 'Q=20000,C=1000')
for round in $(seq "$rounds"); do
  kinds=(Floor Group)
  if ((round % 2 == 0)); then kinds=(Group Floor); fi
  for st in "${strategies[@]}"; do
    for sz in "${sizes[@]}"; do
      for kind in "${kinds[@]}"; do
        run "$dir/alloc.test" "^Benchmark$kind\$/^$st\$/^$sz\$"
      done
    done
  done
  run "$dir/goclient.test" '^BenchmarkClientGoAVG$/^each$/^Q=20000,C=1000$'
done
