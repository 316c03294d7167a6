#!/usr/bin/env bash
# nodetest.sh DIR TESTDIR: node --test in DIR over TESTDIR (Node 20 takes a
# directory, not a glob); prints node's own counts and a closing line.
set -uo pipefail
dir=$1 tests=$2
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$root/test-results"
log="$root/test-results/node-$dir.log"
cd "$root/$dir" || exit 1
[ -d "$tests" ] || { echo "no tests in $dir/$tests"; exit 1; }
node --test --test-reporter=spec "$tests" >"$log" 2>&1
rc=$?
grep -vE '^\s*✔' "$log" | grep -E '✖|not ok|Error|error|ℹ (tests|pass|fail|skipped|todo)' | head -100 || true
pass=$(grep -E '^ℹ pass ' "$log" | awk '{print $3}')
fail=$(grep -E '^ℹ fail ' "$log" | awk '{print $3}')
skip=$(grep -E '^ℹ skipped ' "$log" | awk '{print $3}')
echo "node $dir: ${pass:-0} passed, ${fail:-?} failed, ${skip:-0} skipped"
[ $rc -eq 0 ] && [ "${pass:-0}" -gt 0 ] && [ "${skip:-0}" -eq 0 ]
