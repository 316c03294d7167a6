//go:build !(js && wasm)

package main

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/live"
	"github.com/rmqalloc/rmqalloc/internal/termsafe"
)

// seriesBox is a series error's snapshot index and box.
var seriesBox = regexp.MustCompile(`^snapshot\[(\d+)\]\.(.+)$`)

// doctorSeries is `rmqalloc doctor DIR1 DIR2 ...`: every folder a
// snapshot of one group, diagnosed over time (doctor.DiagnoseSeries);
// an input error names the folder's file.
func doctorSeries(dirs []string, strategy, profile string, asJSON bool, stdout, stderr io.Writer) int {
	fail := func(msg string) int { fmt.Fprintln(stderr, "rmqalloc: "+termsafe.Escape(msg)); return 2 }
	snaps := make([]doctor.Snapshot, len(dirs))
	files := make([]live.Files, len(dirs))
	for i, d := range dirs {
		var err error
		if snaps[i], files[i], err = live.ReadSnapshotFolder(d); err != nil {
			return fail(err.Error())
		}
		snaps[i].Strategy, snaps[i].Profile = strategy, profile
	}
	rep, err := doctor.DiagnoseSeries(snaps)
	if err != nil {
		var te *alloc.TextError
		if errors.As(err, &te) {
			if m := seriesBox.FindStringSubmatch(te.Source); m != nil {
				i, _ := strconv.Atoi(m[1])
				c := *te
				c.Source = m[2]
				err = files[i].Explain(&c)
			}
		}
		return fail(err.Error())
	}
	return report(rep, asJSON, stdout)
}
