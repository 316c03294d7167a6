#!/usr/bin/env bash
# check-size.sh WASM MAX_RAW MAX_GZIP [UNBUDGETED...]: fails when WASM (the
# core module) is over budget; prints the sizes of the UNBUDGETED modules
# (the full one) without judging them.
set -euo pipefail
f=$1 maxraw=$2 maxgz=$3
shift 3
sizes() { raw=$(stat -c %s "$1"); gz=$(gzip -9 -c "$1" | wc -c); }
sizes "$f"
echo "$f: $raw bytes raw (budget $maxraw), $gz bytes gzip -9 (budget $maxgz)"
failed=0
[ "$raw" -le "$maxraw" ] || { echo "raw size over budget"; failed=$((failed + 1)); }
[ "$gz" -le "$maxgz" ] || { echo "gzip size over budget"; failed=$((failed + 1)); }
for extra in "$@"; do
  sizes "$extra"
  echo "$extra: $raw bytes raw, $gz bytes gzip -9 (no budget)"
done
echo "size: $((2 - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
