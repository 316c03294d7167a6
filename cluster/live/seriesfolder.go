package live

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// ReadSnapshotFolder reads a saved folder as one snapshot of a series
// (`rmqalloc doctor DIR1 DIR2 ...`): its texts as ReadFolderFiles reads
// them, taken at the first line of captured-at.txt (RFC 3339; a bare
// "2026-12-01 19:08:32" is UTC), else at the newest file's modification
// time (AtMtime, which the report calls a guess).
func ReadSnapshotFolder(dir string) (doctor.Snapshot, Files, error) {
	in, files, err := ReadFolderFiles(dir)
	if err != nil {
		return doctor.Snapshot{}, nil, err
	}
	snap := doctor.Snapshot{Input: in, Name: dir}
	if first := strings.TrimSpace(in.CapturedAt); first != "" {
		at, err := time.Parse(time.RFC3339Nano, first)
		if err != nil {
			at, err = time.ParseInLocation("2006-01-02 15:04:05", strings.Replace(first, "T", " ", 1), time.UTC)
		}
		if err != nil {
			return snap, nil, errors.New(files["capturedAt"] + ": line 1: expected the capture time (e.g. 2026-12-01T19:08:32Z), found " + quoteShort(first))
		}
		snap.At, snap.AtSource = at, doctor.AtCapturedAt
		return snap, files, nil
	}
	for _, p := range files {
		if st, err := os.Stat(p); err == nil && st.ModTime().After(snap.At) {
			snap.At = st.ModTime()
		}
	}
	snap.AtSource = doctor.AtMtime
	return snap, files, nil
}

func quoteShort(s string) string {
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return strconv.Quote(s)
}
