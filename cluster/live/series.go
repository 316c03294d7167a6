package live

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// WatchFolders lists the snapshot folders of a `doctor --watch --save DIR`
// folder (DIR/1, DIR/2, ..., each holding route.txt), in their number's
// order; nil when dir is not one (it holds route.txt itself, or no
// numbered snapshot).
func WatchFolders(dir string) []string {
	if _, err := os.Stat(filepath.Join(dir, "route.txt")); err == nil {
		return nil
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	type snap struct {
		n    int
		path string
	}
	var snaps []snap
	for _, e := range ents {
		n, err := strconv.Atoi(e.Name())
		if err != nil || !e.IsDir() || n < 1 {
			continue
		}
		p := filepath.Join(dir, e.Name())
		if _, err := os.Stat(filepath.Join(p, "route.txt")); err == nil {
			snaps = append(snaps, snap{n, p})
		}
	}
	sort.Slice(snaps, func(i, j int) bool { return snaps[i].n < snaps[j].n })
	var out []string
	for _, s := range snaps {
		out = append(out, s.path)
	}
	return out
}

// ReadSnapshot reads a saved folder as one snapshot of a series: its
// input (ReadFolder) and its time, the first line of captured-at.txt, else
// the newest file's modification time (AtSource says which).
func ReadSnapshot(dir string) (doctor.Snapshot, error) {
	in, err := ReadFolder(dir)
	if err != nil {
		return doctor.Snapshot{}, err
	}
	s := doctor.Snapshot{Input: in, Name: dir}
	if at, err := time.Parse(time.RFC3339Nano, strings.TrimSpace(in.CapturedAt)); err == nil {
		s.At, s.AtSource = at, doctor.AtCapturedAt
		return s, nil
	}
	var newest time.Time
	_ = filepath.WalkDir(dir, func(_ string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if fi, err := d.Info(); err == nil && fi.ModTime().After(newest) {
				newest = fi.ModTime()
			}
		}
		return nil
	})
	s.At, s.AtSource = newest, doctor.AtMtime
	return s, nil
}
