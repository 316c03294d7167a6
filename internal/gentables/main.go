// Command gentables writes the JS side's copy of the wire constants from
// their Go definitions, so the two sides cannot drift apart:
//
//	js/lib/tables.generated.js   operation numbers, tags, kinds, flag bits,
//	                             the module version and a hash of the tables
//	wasm/tables_generated.go     the same hash, which the meta operation reports
//
// It parses every non-test .go file of wasm/ (whatever its build tags) and
// evaluates each constant whose name starts with a table's prefix (see
// tables): a new `opDoctorCheck = 30` lands in OP as DOCTOR_CHECK by
// re-running it. Run it as `make generate` (go generate ./wasm).
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
			if err = os.WriteFile(filepath.Join(*root, f.path), f.data, 0o644); err != nil {
				break
			}
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gentables:", err)
		os.Exit(1)
	}
}
