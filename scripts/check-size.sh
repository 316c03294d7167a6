#!/usr/bin/env bash
# check-size.sh WASM MAX_RAW MAX_GZIP: fails when the module is over budget.
set -euo pipefail
f=$1 maxraw=$2 maxgz=$3
raw=$(stat -c %s "$f")
gz=$(gzip -9 -c "$f" | wc -c)
echo "$f: $raw bytes raw (budget $maxraw), $gz bytes gzip -9 (budget $maxgz)"
failed=0
[ "$raw" -le "$maxraw" ] || { echo "raw size over budget"; failed=$((failed + 1)); }
[ "$gz" -le "$maxgz" ] || { echo "gzip size over budget"; failed=$((failed + 1)); }
echo "size: $((2 - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
