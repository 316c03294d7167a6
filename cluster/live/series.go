package live

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
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
