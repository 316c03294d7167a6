// Command conformance reads conformance cases (JSON Lines) on stdin and
// writes this module's results on stdout, for one client profile:
//
//	go run ./alloc/internal/conformance/cmd/conformance -profile java-4.9.3 < cases.jsonl
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc/internal/conformance"
)

func main() {
	profile := flag.String("profile", "", "client profile: "+strings.Join(conformance.Profiles(), ", "))
	flag.Parse()
	if *profile == "" {
		fmt.Fprintln(os.Stderr, "conformance: -profile is required; one of:", strings.Join(conformance.Profiles(), ", "))
		os.Exit(2)
	}
	if err := conformance.Run(*profile, os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "conformance:", err)
		os.Exit(1)
	}
}
