package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// printTable writes the group/floor table and reports whether a row failed.
func printTable(w io.Writer, rows []row) (failed bool) {
	fmt.Fprintln(w, "\nBenchmarkGroup / BenchmarkFloor (same run; medians; ratio: median of the per-round ratios)")
	fmt.Fprintf(w, "%-22s %-16s %4s %4s %14s %8s %14s %7s %7s  %s\n",
		"strategy", "size", "cpu", "runs", "group ns/op", "allocs", "floor ns/op", "ratio", "target", "")
	for _, r := range rows {
		verdict := "PASS"
		if !r.pass() {
			verdict = "FAIL"
			failed = true
		}
		fmt.Fprintf(w, "%-22s %-16s %4d %4d %14s %8s %14s %7.2f %7s  %s\n",
			r.strategy, r.size, r.cpu, r.runs, ns(r.group.ns), allocs(r.group.allocs), ns(r.floor.ns), r.ratio(), "≤"+trim(r.target), verdict)
	}
	return failed
}

// printClientGo writes NEARBY's speed-up over the Go client's AVG.
func printClientGo(w io.Writer, rows []cgRow) (failed bool) {
	if len(rows) == 0 {
		return false
	}
	fmt.Fprintln(w, "\nBenchmarkGroup/"+nearbyName+" against the Go client's AVG, one Allocate call per member (BenchmarkClientGoAVG/each)")
	fmt.Fprintf(w, "%-16s %4s %14s %14s %9s %7s  %s\n", "size", "cpu", "nearby ns/op", "client ns/op", "speed-up", "target", "")
	for _, r := range rows {
		up := r.speedUp()
		verdict, tgt := "", "-"
		if r.target > 0 {
			tgt = "≥" + trim(r.target)
			verdict = "PASS"
			if up < r.target {
				verdict = "FAIL"
				failed = true
			}
		}
		fmt.Fprintf(w, "%-16s %4d %14s %14s %8.1f× %7s  %s\n", r.size, r.cpu, ns(r.nearby.ns), ns(r.client.ns), up, tgt, verdict)
	}
	return failed
}

func ns(v float64) string { return strconv.FormatFloat(v, 'f', 0, 64) }

func allocs(a int64) string {
	if a < 0 {
		return "-"
	}
	return strconv.FormatInt(a, 10)
}

func trim(f float64) string { return strings.TrimSuffix(strconv.FormatFloat(f, 'f', 1, 64), ".0") }
