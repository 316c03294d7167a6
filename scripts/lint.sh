#!/usr/bin/env bash
# lint.sh: staticcheck (pinned in tools/go.mod) over every build of the
# module: native, native with -tags rmqfull, js/wasm core, full and analysis. With
# -matrix a finding such as "unused" is reported only when it holds in
# every build, so code one build needs is not flagged by another.
# staticcheck.conf (at the root) lists the checks and why any is off.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.bin/staticcheck
if [ ! -x "$bin" ] || [ tools/go.mod -nt "$bin" ] || [ tools/go.sum -nt "$bin" ]; then
  (cd tools && go build -o "../$bin" honnef.co/go/tools/cmd/staticcheck)
fi
"$bin" -matrix ./... <<'MATRIX'
native: GOOS=linux
full: GOOS=linux -tags=rmqfull
wasm: GOOS=js GOARCH=wasm
wasmfull: GOOS=js GOARCH=wasm -tags=rmqfull
wasmanalysis: GOOS=js GOARCH=wasm -tags=rmqfull,rmqnodoctor
MATRIX
