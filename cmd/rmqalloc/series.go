//go:build !(js && wasm)

package main

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// folderSnapshot is one folder of a series: its files and its time.
type folderSnapshot struct {
	files *snapshotFiles
	snap  doctor.Snapshot
}

// bareTime: a capture time without a zone (read as UTC) or seconds.
var captureTime = regexp.MustCompile(`^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d)(:\d\d(\.\d+)?)?([Zz]|[+-]\d\d:\d\d)?$`)

// parseCaptureTime reads captured-at.txt's first line: RFC 3339, the zone
// UTC when it has none (js/bin/series.js reads it by the same rule).
func parseCaptureTime(s string) (time.Time, bool) {
	m := captureTime.FindStringSubmatch(s)
	if m == nil {
		return time.Time{}, false
	}
	secs, zone := m[3], m[5]
	if secs == "" {
		secs = ":00"
	}
	if zone == "" {
		zone = "Z"
	}
	t, err := time.Parse(time.RFC3339Nano, m[1]+"T"+m[2]+secs+strings.ToUpper(zone))
	if err != nil {
		return time.Time{}, false
	}
	return t.UTC().Truncate(time.Millisecond), true
}

// snapshotOfFolder reads one folder of a series: its texts as doctor
// FOLDER reads them, and its time: captured-at.txt's first line, else the
// newest file's mtime (said in the report).
func (r *reader) snapshotOfFolder(dir string, j judging) (*folderSnapshot, error) {
	if err := checkFolder(dir, "rmqalloc doctor FOLDER1 FOLDER2 ..."); err != nil {
		return nil, err
	}
	a := &args{values: map[string][]string{}, positionals: []string{dir}}
	files, err := r.snapshotOf(a)
	if err != nil {
		return nil, err
	}
	files.capturedAt, files.capturedAtFile = "", "" // the series' time is the snapshot's
	snap := doctor.Snapshot{Name: dir, Input: files.input(j)}
	at := filepath.Join(dir, "captured-at.txt")
	if b, err := os.ReadFile(at); err == nil {
		first, _, _ := strings.Cut(decodeText(string(b)), "\n")
		first = strings.TrimSpace(first)
		t, ok := parseCaptureTime(first)
		if !ok {
			return nil, textErr(at, 1, 0, "expected the capture time (e.g. 2026-12-01T19:08:32Z), got "+strconv.Quote(first))
		}
		snap.At, snap.AtSource = t, "captured-at.txt"
	} else {
		var newest time.Time
		paths := []string{files.connection.file}
		for _, r := range files.routes {
			paths = append(paths, r.file)
		}
		if files.progress != nil {
			paths = append(paths, files.progress.file)
		}
		for _, s := range files.status {
			paths = append(paths, s.file)
		}
		for _, p := range paths {
			if st, err := os.Stat(p); err == nil && st.ModTime().After(newest) {
				newest = st.ModTime()
			}
		}
		snap.At, snap.AtSource = newest.UTC().Truncate(time.Millisecond), "mtime"
	}
	return &folderSnapshot{files: files, snap: snap}, nil
}

// seriesCommand: `rmqalloc doctor DIR1 DIR2 ...`, every folder a
// snapshot of one group, diagnosed over time.
func seriesCommand(e *env, a *args, dirs []string) (int, error) {
	for _, k := range []string{"route", "connection", "progress", "status", "captured-at"} {
		if a.has(k) {
			return 0, usageErr("--%s is one snapshot's: with several folders, each folder holds its own (rmqalloc doctor --help)", k)
		}
	}
	j := judgeOptions(a)
	r := &reader{stdin: e.stdin}
	// Each folder is read twice, so that only one folder's texts are held
	// at a time: first for its time (and to refuse a damaged folder before
	// any diagnosis), then, in time order, to be added to the series,
	// which keeps a few bytes a queue of each snapshot. Holding every
	// folder's texts at once made twelve 54 MB folders take 1.3 GB.
	at := make([]doctor.Snapshot, len(dirs))
	for i, d := range dirs {
		fs, err := r.snapshotOfFolder(d, j)
		if err != nil {
			return 0, err
		}
		at[i] = doctor.Snapshot{Name: fs.snap.Name, At: fs.snap.At, AtSource: fs.snap.AtSource}
	}
	order := make([]int, len(dirs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(x, y int) int { return at[x].At.Compare(at[y].At) })
	var series doctor.Series
	for _, i := range order {
		fs, err := r.snapshotOfFolder(dirs[i], j)
		if err != nil {
			return 0, err
		}
		// The time first read is the one the order was made by.
		fs.snap.At, fs.snap.AtSource = at[i].At, at[i].AtSource
		if err := series.Add(fs.snap); err != nil {
			return 0, seriesInputError(err, fs)
		}
	}
	rep := series.Report()
	status := exitProblems
	if rep.OK {
		status = exitOK
	}
	return printReport(e, rep, a.has("json"), status)
}

var seriesBox = regexp.MustCompile(`^snapshot\[(\d+)\]\.(.*)$`)

// seriesInputError: the error of adding fs's snapshot to a series, in the
// file it is about.
func seriesInputError(err error, fs *folderSnapshot) error {
	var te *alloc.TextError
	if !errors.As(err, &te) {
		return err
	}
	m := seriesBox.FindStringSubmatch(te.Source)
	if m == nil {
		return &cliError{code: codeInput, msg: te.Error(), exit: exitBadInput}
	}
	msg := strings.Replace(te.Msg, " (snapshot "+strconv.Quote(fs.snap.Name)+")", "", 1)
	if m[2] == "at" {
		return inputErr(fs.snap.Name, "%s", msg)
	}
	return fs.files.placeError(m[2], te.Line, te.Column, msg)
}
