// Command benchratio reads `go test -bench` output and prints every
// BenchmarkGroup result as a ratio to the BenchmarkFloor of the same
// strategy, size and -cpu value from that output, against its target (issue
// 15), then MACHINE_ROOM_NEARBY's group against the Go client's AVG (one
// Allocate call per member, BenchmarkClientGoAVG/each) of the same run.
// With -count N the median of the N runs is used.
//
//	go test -run '^$' -bench 'Benchmark(Group|Floor)$' -count 5 ./alloc | go run ./internal/cmd/benchratio
//
// It exits 1 when a row fails its target (with -strict) — by default it
// only reports, since a shared machine's noise can fail a row.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	strict := flag.Bool("strict", false, "exit 1 when a row fails its target")
	flag.Parse()
	var in io.Reader = os.Stdin
	if flag.NArg() > 0 {
		f, err := os.Open(flag.Arg(0))
		if err != nil {
			fmt.Fprintln(os.Stderr, "benchratio:", err)
			os.Exit(2)
		}
		defer f.Close()
		in = f
	}
	rs := newResults()
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		rs.add(sc.Text())
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "benchratio:", err)
		os.Exit(2)
	}
	rows := rs.ratioRows()
	if len(rows) == 0 {
		fmt.Fprintln(os.Stderr, "benchratio: no BenchmarkGroup with a matching BenchmarkFloor in the input")
		os.Exit(2)
	}
	failed := printTable(os.Stdout, rows)
	failed = printClientGo(os.Stdout, rs.clientGoRows()) || failed
	if failed && *strict {
		os.Exit(1)
	}
}
