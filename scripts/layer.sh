#!/usr/bin/env bash
# layer.sh NAME CMD...: runs one test layer, prints a header and its result,
# and records it for summary.sh. Always exits 0 so that every layer runs;
# summary.sh fails the build when any layer failed.
# A command that exits 77 was skipped (e.g. the live layer without its
# RocketMQ kit): recorded as skipped, which does not fail the build.
# layer.sh start: begins a run with an empty record, so that what an
# interrupted run left behind never counts in the next one.
set -uo pipefail
name=$1; shift
mkdir -p test-results
if [ "$name" = start ]; then : >test-results/layers.tsv; exit 0; fi
if [ "$name" = summary ]; then exec "$@"; fi
printf '\n==== %s ====\n' "$name"
start=$(date +%s)
"$@"
rc=$?
secs=$(( $(date +%s) - start ))
if [ $rc -eq 0 ]; then verdict=ok; elif [ $rc -eq 77 ]; then verdict=skipped; else verdict=FAILED; fi
printf '==== %s: %s (%ss) ====\n' "$name" "$verdict" "$secs"
printf '%s\t%s\t%s\n' "$verdict" "$secs" "$name" >> test-results/layers.tsv
exit 0
