// Command mutbench damages the sample folders (testdata/real*, testdata/
// cluster: cluster/internal/mutation's classes) and prints, per class of
// damage, how many damaged folders the doctor REFUSED, gave the SAME
// verdict as intact, could not judge (UNJUDGED, exit 3), or gave another
// confident verdict: VALID-OTHER where the damage yields another capture
// that can happen (mutation.Reason*), else DIFFERENT. `make mutbench` runs
// it; -v lists each VALID-OTHER and DIFFERENT mutant.
//
//	go run ./cluster/internal/cmd/mutbench [-v] [-lines N] [FOLDER ...]
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/internal/mutation"
	"github.com/rmqalloc/rmqalloc/cluster/live"
)

func main() {
	verbose := flag.Bool("v", false, "list every DIFFERENT mutant")
	maxLines := flag.Int("lines", 60, "line positions damaged per text (sampled evenly)")
	flag.Parse()
	dirs := flag.Args()
	if len(dirs) == 0 {
		for _, g := range []string{"testdata/real/*", "testdata/real/queue-grow/*", "testdata/real5/*", "testdata/cluster/*"} {
			m, _ := filepath.Glob(g)
			dirs = append(dirs, m...)
		}
	}
	type folder struct {
		dir     string
		in      doctor.Input
		verdict string
	}
	var folders []folder
	for _, d := range dirs {
		in, err := live.ReadFolder(d)
		if err != nil {
			continue // not a saved folder (a README, queue-grow's parent)
		}
		v, err := mutation.Verdict(in)
		if err != nil {
			fmt.Fprintf(os.Stderr, "mutbench: %s: the intact folder is refused: %v\n", d, err)
			os.Exit(2)
		}
		folders = append(folders, folder{d, in, v})
	}
	counts := map[string]map[string]int{}
	total := map[string]int{}
	for i, f := range folders {
		var others []doctor.Input
		var otherDirs []string
		for j, o := range folders {
			if j != i {
				others = append(others, o.in)
				otherDirs = append(otherDirs, o.dir)
			}
		}
		for _, m := range mutation.Generate(f.in, others, *maxLines) {
			out, got := mutation.Compare(f.verdict, m)
			if counts[m.Class] == nil {
				counts[m.Class] = map[string]int{}
			}
			counts[m.Class][out]++
			total[out]++
			if *verbose && out == mutation.Different {
				fmt.Printf("DIFFERENT %s %s%s: %s -> %s\n", f.dir, m.What, from(m, otherDirs), f.verdict, got)
			}
			if *verbose && out == mutation.ValidOther {
				fmt.Printf("VALID-OTHER %s %s%s (%s): %s -> %s\n", f.dir, m.What, from(m, otherDirs), m.Valid, f.verdict, got)
			}
		}
	}
	classes := make([]string, 0, len(counts))
	for c := range counts {
		classes = append(classes, c)
	}
	sort.Strings(classes)
	row := func(name string, n map[string]int) {
		fmt.Printf("%-22s %8d %8d %9d %11d %9d %8d\n", name, n[mutation.Refused], n[mutation.Same], n[mutation.Unjudged], n[mutation.ValidOther], n[mutation.Different],
			n[mutation.Refused]+n[mutation.Same]+n[mutation.Unjudged]+n[mutation.ValidOther]+n[mutation.Different])
	}
	fmt.Printf("%d folders\n%-22s %8s %8s %9s %11s %9s %8s\n", len(folders), "class", "REFUSED", "SAME", "UNJUDGED", "VALID-OTHER", "DIFFERENT", "total")
	for _, c := range classes {
		row(c, counts[c])
	}
	row("all", total)
}

// from names the capture a mixed-in text came from.
func from(m mutation.Mutant, dirs []string) string {
	if m.Other < 0 || m.Other >= len(dirs) {
		return ""
	}
	return " (" + dirs[m.Other] + ")"
}
