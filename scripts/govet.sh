#!/usr/bin/env bash
# govet.sh: go build and go vet over every build of the module, so that no
# file hides behind a build tag: native (./...), native with -tags rmqfull
# (the full module's 25 files in wasm/), -tags live (the real-cluster
# tests, otherwise compiled only by the live layer), and ./wasm under
# GOOS=js GOARCH=wasm, core, full and analysis (the three modules). A handler naming a
# field that does not exist fails here, whichever build it is in.
set -uo pipefail
cd "$(dirname "$0")/.."
rc=0
run() {
  echo "-- $*"
  "$@" || rc=1
}
run go build ./...
run go vet ./...
run go build -tags rmqfull ./...
run go vet -tags rmqfull ./...
run go vet -tags live ./...
run env GOOS=js GOARCH=wasm go build -o /dev/null ./wasm
run env GOOS=js GOARCH=wasm go vet ./wasm
run env GOOS=js GOARCH=wasm go build -tags rmqfull -o /dev/null ./wasm
run env GOOS=js GOARCH=wasm go vet -tags rmqfull ./wasm
run env GOOS=js GOARCH=wasm go build -tags rmqfull,rmqnodoctor -o /dev/null ./wasm
run env GOOS=js GOARCH=wasm go vet -tags rmqfull,rmqnodoctor ./wasm
if [ $rc -eq 0 ]; then echo "go build + vet: every build ok"; else echo "go build + vet: FAILED (see above)"; fi
exit $rc
