#!/usr/bin/env bash
# gotest.sh native|wasm: runs the Go tests verbosely into a log, prints the
# package lines, every failure and skip, and a closing "N passed, N failed".
#   native: go test -race ./..., then ./wasm again with -tags rmqfull (the
#           analysis handlers and their JSON) and with -tags
#           rmqfull,rmqnodoctor (the analysis module's build), then the nested module
#           clientgo/ (its own go.mod: ./... of the main module skips it)
#   wasm:   the alloc and wasm packages under GOOS=js GOARCH=wasm in headless
#           Chromium through wasmbrowsertest (.bin/go_js_wasm_exec), then
#           ./wasm again with -tags rmqfull (the full module's build); both
#           runs go into the log and the counts.
set -uo pipefail
mode=${1:?native or wasm}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mkdir -p test-results
log=test-results/go-$mode.log
# -timeout 30m per package binary (go's default is 10m): cmd/rmqalloc's
# race-built tests took 638 s at load average 40 on 2 cores. A generous
# bound for a busy machine, not a speed goal.
to=30m
# tagged TAGS WHAT CMD...: runs CMD (a go test of ./wasm/ with -tags TAGS)
# into the log under a "=== WHAT" line, its package verdict marked with
# the tags, and keeps the first failure in rc.
tagged() {
  local tags=$1 what=$2
  shift 2
  echo "=== go test -tags $tags ./wasm/ ($what)" >>"$log"
  "$@" -tags "$tags" ./wasm/ 2>&1 | sed -E "s#^(ok|FAIL)([[:space:]]+[^[:space:]]+/wasm)([[:space:]])#\\1\\2 [-tags $tags]\\3#" >>"$log"
  local r=${PIPESTATUS[0]}
  [ $rc -ne 0 ] || rc=$r
}
case $mode in
native)
  go test -race -count=1 -timeout $to -v ./... >"$log" 2>&1
  rc=$?
  tagged rmqfull "full module build" go test -race -count=1 -timeout $to -v
  tagged rmqfull,rmqnodoctor "analysis module build" go test -race -count=1 -timeout $to -v
  echo "=== go vet + go test ./... in clientgo/ (nested module: rocketmq-client-go adapters)" >>"$log"
  (cd clientgo && go vet ./... && go test -race -count=1 -timeout $to -v ./...) >>"$log" 2>&1
  rc3=$?
  [ $rc -ne 0 ] || rc=$rc3 ;;
wasm)
  # wasm programs get at most ~8 KB of arguments plus environment: run with a
  # trimmed one. A private TMPDIR collects chromedp's leftovers.
  tmp=$(mktemp -d)
  goroot=$(go env GOROOT)
  wasmtest() {
    timeout 1800 env -i \
      PATH="$root/scripts/chromium-flags:$root/.bin:$goroot/bin:/usr/local/bin:/usr/bin:/bin" \
      HOME="$HOME" TMPDIR="$tmp" GOCACHE="$(go env GOCACHE)" GOMODCACHE="$(go env GOMODCACHE)" \
      GOPATH="$(go env GOPATH)" GOPROXY="$(go env GOPROXY)" GOFLAGS="${GOFLAGS:--buildvcs=false}" \
      GOOS=js GOARCH=wasm \
      go test -count=1 -timeout $to -v "$@"
  }
  wasmtest ./alloc/... ./internal/... ./wasm/... >"$log" 2>&1
  rc=$?
  tagged rmqfull "full module build" wasmtest
  rm -rf "$tmp" ;;
*) echo "usage: gotest.sh native|wasm" >&2; exit 2 ;;
esac
# Package verdicts, failures with their context, skips.
grep -E '^(ok|FAIL|\?|---|panic:)' "$log" | grep -v -- '--- PASS' | grep -v 'no test files' || true
grep -E -A25 -- '^\s*--- FAIL' "$log" | head -200 || true
grep -E -A2 -- '^\s*--- SKIP' "$log" || true
pass=$(grep -cE -- '^\s*--- PASS' "$log")
fail=$(grep -cE -- '^\s*--- FAIL' "$log")
skip=$(grep -cE -- '^\s*--- SKIP' "$log")
if [ $rc -ne 0 ] && [ "$fail" -eq 0 ]; then
  echo "go test exited $rc without a failing test (build error?); last lines of $log:"
  tail -30 "$log"
  fail=1
fi
echo "go $mode: $pass passed, $fail failed, $skip skipped"
[ $rc -eq 0 ] && [ "$pass" -gt 0 ]
