#!/usr/bin/env bash
# check-go-version.sh: go.mod's `go` line is the lowest Go that builds and
# tests the module. Whatever toolchain runs this, the compiler type-checks
# with -lang set to that line and vet's stdversion check flags standard
# library API newer than it, so vetting every build (native, js/wasm, core
# and full, tests included) proves that the declared version suffices. It
# then vets against the version just below in a scratch go.mod: when that
# passes too, the declared one is higher than needed (a warning).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
declared=$(go mod edit -json | sed -n 's/^\t"Go": "\(.*\)",\{0,1\}$/\1/p')
[ -n "$declared" ] || { echo "go.mod has no go line"; exit 1; }

vet_all() { # vet_all [go flags...]: every build of the module
  go vet "$@" ./... &&
    go vet "$@" -tags rmqfull ./wasm/ &&
    GOOS=js GOARCH=wasm go vet "$@" ./alloc/... ./internal/... ./wasm/ &&
    GOOS=js GOARCH=wasm go vet "$@" -tags rmqfull ./wasm/
}

echo "go.mod declares go $declared (toolchain: $(go env GOVERSION))"
if ! vet_all; then
  echo "FAIL: the module needs a newer Go than go.mod's $declared (see above): raise the go line or avoid the newer feature/API"
  exit 1
fi
echo "ok: builds and vets at language version go$declared"

major=${declared%%.*}
rest=${declared#*.}
minor=${rest%%.*}
if [ "$minor" -gt 0 ]; then
  lower="$major.$((minor - 1))"
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  cp go.mod go.sum "$tmp/"
  go mod edit -modfile="$tmp/go.mod" -go="$lower"
  if vet_all -modfile="$tmp/go.mod" >"$tmp/vet.log" 2>&1; then
    echo "warning: go $lower builds and vets too: go.mod could declare it"
  else
    echo "ok: go $lower does not (e.g. $(grep -m1 -E 'requires go|-lang' "$tmp/vet.log" | sed 's/^[[:space:]]*//'))"
  fi
fi
