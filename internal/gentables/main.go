// Command gentables writes the JS side's copy of the wire constants and the
// code of the declared operations from their Go definitions, so the two sides cannot drift apart:
//
//	js/lib/tables.generated.js   operation numbers, tags, kinds, flag bits,
//	                             error codes, client profiles, strategy names,
//	                             the module version and a hash of the tables
//	wasm/tables_generated.go     the same hash, which the meta operation reports
//	wasm/ops_*generated.go       from the declared operations (internal/wireschema):
//	                             request readers, response writers, registration,
//	                             the core build's refusals, the golden samples
//	js/lib/ops.generated.js      their JS encoders, decoders and calls
//	wasm/testdata/wire/requests.json  the golden requests' values, which
//	                             js/test/wire/golden.mjs encodes into golden.json
//	wasm/enums_generated.go      the declared enum tables (internal/wireschema
//	                             Enums) as wasm/'s constants
//
// The tables are only what internal/wireschema declares: OP from the ops,
// the others from Enums. wasm/'s own constants are parsed for the version
// (meta.go), to refuse a hand-written copy of a declared name, and to check
// a value declared as another package's constant (byte(broker.PathProxy))
// against it. The name lists (see lists) come from the Go functions that
// give them. Run it as `make generate` (go generate ./wasm).
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	root := flag.String("root", ".", "the module's root directory")
	flag.Parse()
	out, err := generate(*root)
	if err == nil {
		for _, f := range out {
			path := filepath.Join(*root, f.path)
			if err = os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				break
			}
			if err = os.WriteFile(path, f.data, 0o644); err != nil {
				break
			}
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gentables:", err)
		os.Exit(1)
	}
}
