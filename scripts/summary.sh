#!/usr/bin/env bash
# summary.sh: totals of every layer run by layer.sh; exits 1 if any failed.
set -uo pipefail
f=test-results/layers.tsv
[ -f "$f" ] || { echo "no test layer ran"; exit 1; }
printf '\n==== test layers ====\n'
cat "$f"
passed=$(awk -F'\t' '$1=="ok"' "$f" | wc -l)
failed=$(awk -F'\t' '$1!="ok" && $1!="skipped"' "$f" | wc -l)
skipped=$(awk -F'\t' '$1=="skipped"' "$f" | wc -l)
rm -f "$f"
echo "layers: $passed passed, $failed failed$([ "$skipped" -eq 0 ] || echo ", $skipped skipped")"
[ "$failed" -eq 0 ]
