package live

import (
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/internal/javalang"
)

// ReadFolder reads a folder of saved outputs back into the doctor's
// input, as `rmqalloc doctor FOLDER` does: route.txt (its topic left to
// the doctor) and route.<TOPIC>.txt, connection.txt, progress.txt, and
// the status files: status/<millis>/<clientId> of the newest <millis>
// folder (what mqadmin consumerStatus writes), else the files of status/
// itself but stdout.txt and stderr.txt.
func ReadFolder(dir string) (doctor.Input, error) {
	var in doctor.Input
	read := func(name string) (string, error) {
		b, err := os.ReadFile(filepath.Join(dir, name))
		return string(b), err
	}
	var err error
	rt, err := read("route.txt")
	if err != nil {
		return in, errors.New(dir + ": not a folder of saved mqadmin outputs (no route.txt)")
	}
	in.Routes = append(in.Routes, doctor.RouteText{Text: rt})
	more, _ := filepath.Glob(filepath.Join(dir, "route.*.txt"))
	sort.Strings(more)
	for _, p := range more {
		t, err := read(filepath.Base(p))
		if err != nil {
			return in, err
		}
		topic := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(p), "route."), ".txt")
		in.Routes = append(in.Routes, doctor.RouteText{Topic: topic, Text: t})
	}
	// A failed command leaves its output empty and its error in .err; a 5.x
	// mqadmin against 4.x brokers runs only the per-topic progress (-c).
	if in.Connection, err = firstWithText(dir, "connection.txt", "connection.err"); err != nil {
		return in, errors.New(dir + ": not a folder of saved mqadmin outputs (no connection.txt)")
	}
	if in.Progress, err = firstWithText(dir, "progress.txt", "progress-c.txt", "progress.err"); err != nil {
		return in, errors.New(dir + ": not a folder of saved mqadmin outputs (no progress.txt)")
	}
	// Beside an output, its stderr says what it left out: the brokers of a
	// live read that did not answer; the members that did not answer
	// consumerStatus.
	if e, err := read("progress.err"); err == nil && in.Progress != e {
		in.ProgressErr = e
	}
	if e, err := read(filepath.Join("status", "stderr.txt")); err == nil {
		in.StatusErr = e
	}
	// topicStatus.txt goes with route.txt (capture.sh writes
	// topicstatus.txt), topicStatus.<TOPIC>.txt with route.<TOPIC>.txt.
	for _, n := range []string{"topicStatus.txt", "topicstatus.txt"} {
		if t, err := read(n); err == nil {
			in.TopicStatus = append(in.TopicStatus, doctor.TopicStatusText{Text: t})
			break
		}
	}
	moreTS, _ := filepath.Glob(filepath.Join(dir, "topicStatus.*.txt"))
	sort.Strings(moreTS)
	for _, p := range moreTS {
		t, err := read(filepath.Base(p))
		if err != nil {
			return in, err
		}
		topic := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(p), "topicStatus."), ".txt")
		in.TopicStatus = append(in.TopicStatus, doctor.TopicStatusText{Topic: topic, Text: t})
	}
	if at, err := read("captured-at.txt"); err == nil {
		in.CapturedAt, _, _ = strings.Cut(strings.TrimSpace(at), "\n")
	}
	status, err := statusFolder(filepath.Join(dir, "status"))
	if err != nil {
		return in, err
	}
	for _, p := range status {
		t, err := os.ReadFile(p)
		if err != nil {
			return in, err
		}
		in.Status = append(in.Status, doctor.StatusText{Name: filepath.Base(p), Text: string(t)})
	}
	return in, nil
}

// statusFolder lists the status files of dir (none when it is missing),
// sorted by name as Java compares strings.
func statusFolder(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	newest := ""
	for _, e := range ents {
		if e.IsDir() && statusDirName(e.Name()) && (len(e.Name()) > len(newest) || len(e.Name()) == len(newest) && e.Name() > newest) {
			newest = e.Name()
		}
	}
	if newest != "" {
		dir = filepath.Join(dir, newest)
		if ents, err = os.ReadDir(dir); err != nil {
			return nil, err
		}
	}
	var out []string
	for _, e := range ents {
		n := e.Name()
		if e.IsDir() || strings.HasPrefix(n, ".") || (newest == "" && (n == "stdout.txt" || n == "stderr.txt")) {
			continue
		}
		out = append(out, filepath.Join(dir, n))
	}
	sort.Slice(out, func(i, j int) bool { return javalang.CompareStrings(filepath.Base(out[i]), filepath.Base(out[j])) < 0 })
	return out, nil
}

// firstWithText is the first of the files in dir that has text, else the
// first that exists (its empty text); an error when none exists.
func firstWithText(dir string, names ...string) (string, error) {
	found := false
	var first string
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			continue
		}
		if strings.TrimSpace(string(b)) != "" {
			return string(b), nil
		}
		if !found {
			found, first = true, string(b)
		}
	}
	if !found {
		return "", os.ErrNotExist
	}
	return first, nil
}
