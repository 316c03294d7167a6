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
//
// It parses every non-test .go file of wasm/ (whatever its build tags) and
// evaluates each constant whose name starts with a table's prefix (see
// tables), an integer or a string, following references to constants of
// the module's other packages (goclient.Profile): a new
// `opDoctorCheck = 30` lands in OP as DOCTOR_CHECK by re-running it. The
// name lists (see lists) come from the Go functions that give them. Run it as `make generate` (go generate ./wasm).
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
