package live

import (
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strconv"
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
	in, _, err := ReadFolderFiles(dir)
	return in, err
}

// ReadFolderFiles is ReadFolder, also saying which file each box was read
// from (Files.Explain names them in the doctor's errors). Every file is
// bounded by doctor.MaxInputBytes before it is read.
func ReadFolderFiles(dir string) (doctor.Input, Files, error) {
	var in doctor.Input
	files := Files{}
	read := func(name string) (string, error) {
		return readSaved(filepath.Join(dir, name))
	}
	var err error
	rt, err := read("route.txt")
	if errors.Is(err, os.ErrNotExist) {
		return in, nil, errors.New(dir + ": not a folder of saved mqadmin outputs (no route.txt)")
	}
	if err != nil {
		return in, nil, err
	}
	in.Routes = append(in.Routes, doctor.RouteText{Text: rt})
	more, _ := filepath.Glob(filepath.Join(dir, "route.*.txt"))
	sort.Strings(more)
	for _, p := range more {
		t, err := read(filepath.Base(p))
		if err != nil {
			return in, nil, err
		}
		topic := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(p), "route."), ".txt")
		in.Routes = append(in.Routes, doctor.RouteText{Topic: topic, Text: t})
	}
	if len(in.Routes) > 1 {
		files["route[0]"] = filepath.Join(dir, "route.txt")
		for i, p := range more {
			files["route["+strconv.Itoa(i+1)+"]"] = p
		}
	} else {
		files["route"] = filepath.Join(dir, "route.txt")
	}
	// A failed command leaves its output empty and its error in .err; a 5.x
	// mqadmin against 4.x brokers runs only the per-topic progress (-c).
	var from string
	if in.Connection, from, err = firstWithText(dir, "connection.txt", "connection.err"); err != nil {
		return in, nil, missingFile(dir, "connection.txt", err)
	}
	files["connection"] = from
	if in.Progress, from, err = firstWithText(dir, "progress.txt", "progress-c.txt", "progress.err"); err != nil {
		return in, nil, missingFile(dir, "progress.txt", err)
	}
	files["progress"] = from
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
			return in, nil, err
		}
		topic := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(p), "topicStatus."), ".txt")
		in.TopicStatus = append(in.TopicStatus, doctor.TopicStatusText{Topic: topic, Text: t})
	}
	if at, err := capturedAtText(filepath.Join(dir, "captured-at.txt")); err == nil {
		in.CapturedAt, _, _ = strings.Cut(strings.TrimSpace(at), "\n")
		files["capturedAt"] = filepath.Join(dir, "captured-at.txt")
	} else if !errors.Is(err, os.ErrNotExist) {
		return in, nil, err
	}
	status, err := statusFolder(filepath.Join(dir, "status"))
	if err != nil {
		return in, nil, err
	}
	if len(status) > doctor.MaxClients {
		return in, nil, errors.New(filepath.Join(dir, "status") + ": " + strconv.Itoa(len(status)) + " status files, over the doctor's limit of " + strconv.Itoa(doctor.MaxClients) + " clients (docs/doctor-limits.md)")
	}
	for i, p := range status {
		t, err := readSaved(p)
		if err != nil {
			return in, nil, err
		}
		in.Status = append(in.Status, doctor.StatusText{Name: filepath.Base(p), Text: t})
		files["status["+strconv.Itoa(i)+"]"] = p
	}
	return in, files, nil
}

func missingFile(dir, name string, err error) error {
	if errors.Is(err, os.ErrNotExist) {
		return errors.New(dir + ": not a folder of saved mqadmin outputs (no " + name + ")")
	}
	return err
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
// first that exists (its empty text), and its path; an error when none
// exists or one cannot be read (over the size limit).
func firstWithText(dir string, names ...string) (text, path string, err error) {
	found := false
	for _, n := range names {
		p := filepath.Join(dir, n)
		t, err := readSaved(p)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return "", "", err
		}
		if strings.TrimSpace(t) != "" {
			return t, p, nil
		}
		if !found {
			found, text, path = true, t, p
		}
	}
	if !found {
		return "", "", os.ErrNotExist
	}
	return text, path, nil
}
