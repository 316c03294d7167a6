#!/usr/bin/env bash
# Makes take.{cases,results}.jsonl for profiles golang-5.1.4 (the released
# rocketmq-clients golang/v5 v5.1.4, from the Go module proxy) and
# golang-5.1.4-fixed (the same module with apache/rocketmq-clients #1324
# applied: TakeMessageQueues steps next+i instead of next+1). Run from anywhere.
set -euo pipefail
cd "$(dirname "$0")"
mod=github.com/apache/rocketmq-clients/golang/v5
go run . ..
dir=$(go list -m -f '{{.Dir}}' $mod)
tmp=$(mktemp -d); trap 'chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT
cp -r "$dir" "$tmp/client"; chmod -R u+w "$tmp/client"
# The fix of #1324, in both loops of TakeMessageQueues.
sed -i 's/utils.Mod(next+1, len(plb.messageQueues))/utils.Mod(next+int32(i), len(plb.messageQueues))/' "$tmp/client/loadBalancer.go"
[ "$(grep -c 'next+int32(i)' "$tmp/client/loadBalancer.go")" = 2 ] || { echo "the #1324 patch did not apply" >&2; exit 1; }
cp go.mod "$tmp/go.mod"; cp go.sum "$tmp/go.sum"
go mod edit -modfile="$tmp/go.mod" -replace=$mod="$tmp/client"
go run -modfile="$tmp/go.mod" . ../../golang-5.1.4-fixed
# Same cases in both profiles.
cmp ../take.cases.jsonl ../../golang-5.1.4-fixed/take.cases.jsonl
