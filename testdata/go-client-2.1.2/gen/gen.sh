#!/usr/bin/env bash
# Makes ../producer.{cases,results}.jsonl (profile go-client-2.1.2) with the
# real rocketmq-client-go v2.1.2 from the Go module proxy. The module is
# copied to a temporary folder and two files are added to it (shim/): they
# only export the client's own route decoding and routeData2PublishInfo;
# nothing of the client's code is changed. Run from anywhere.
set -euo pipefail
cd "$(dirname "$0")"
mod=github.com/apache/rocketmq-client-go/v2
dir=$(go list -m -f '{{.Dir}}' $mod)
tmp=$(mktemp -d); trap 'chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT
cp -r "$dir" "$tmp/client"; chmod -R u+w "$tmp/client"
cp shim/internal_export.go.txt "$tmp/client/internal/zz_rmqalloc_export.go"
cp shim/producer_export.go.txt "$tmp/client/producer/zz_rmqalloc_export.go"
cp go.mod "$tmp/go.mod"; cp go.sum "$tmp/go.sum"
go mod edit -modfile="$tmp/go.mod" -replace=$mod="$tmp/client"
go run -modfile="$tmp/go.mod" . ..
