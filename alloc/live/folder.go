package live

import (
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc/doctor"
	"github.com/rmqalloc/rmqalloc/alloc/internal/javalang"
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
	if in.Connection, err = read("connection.txt"); err != nil {
		return in, errors.New(dir + ": not a folder of saved mqadmin outputs (no connection.txt)")
	}
	if in.Progress, err = read("progress.txt"); err != nil {
		return in, errors.New(dir + ": not a folder of saved mqadmin outputs (no progress.txt)")
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
