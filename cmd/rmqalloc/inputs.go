//go:build !(js && wasm)

package main

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/live"
)

// source is one text read and where it came from, for error messages:
// the path (or "stdin") and the line of the file the text starts at.
type source struct {
	file string
	text string
	from int // the text's line 1 is the file's line from+1
}

// snapshotFiles are the texts of one saved snapshot and their files.
type snapshotFiles struct {
	routes     []routeSource
	connection source
	progress   *source
	status     []statusSource
	// capturedAt and where it came from: "--captured-at VALUE" or a
	// captured-at.txt path.
	capturedAt, capturedAtWhere, capturedAtFile string
	// progressErr and statusErr: what consumerProgress and consumerStatus
	// printed on stderr (a folder's progress.err, status/stderr.txt).
	progressErr, statusErr string
	// topicStatus: a folder's mqadmin topicStatus outputs.
	topicStatus []doctor.TopicStatusText
}

type routeSource struct {
	topic string
	source
}

type statusSource struct {
	name string
	source
}

// reader reads the files of a command line; stdin once.
type reader struct {
	stdin     io.Reader
	stdinUsed string
}

// decodeText is a file's bytes as text: UTF-8, or UTF-16 with its BOM
// (PowerShell's > writes UTF-16LE).
func decodeText(s string) string {
	if len(s) >= 2 && (s[0] == 0xff && s[1] == 0xfe || s[0] == 0xfe && s[1] == 0xff) {
		le := s[0] == 0xff
		b := s[2:] // indexed in place: no copy of the whole text
		u := make([]uint16, len(b)/2)
		for i := range u {
			if le {
				u[i] = uint16(b[2*i]) | uint16(b[2*i+1])<<8
			} else {
				u[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
			}
		}
		s := string(utf16.Decode(u))
		if len(b)%2 == 1 {
			s += "\uFFFD"
		}
		return s
	}
	if !utf8.ValidString(s) {
		return strings.ToValidUTF8(s, "\uFFFD")
	}
	return s
}

// read is the text of file, given for flag ("" when the file is a
// folder's: errors then name the path only). "-" is stdin, once.
func (r *reader) read(file, flag string) (source, error) {
	label := file
	if flag != "" {
		label = flag + " " + file
	}
	if file == "-" {
		if r.stdinUsed != "" {
			return source{}, usageErr("%s -: stdin is already read by %s", flag, r.stdinUsed)
		}
		r.stdinUsed = flag
		b, err := io.ReadAll(io.LimitReader(r.stdin, doctor.MaxInputBytes+1))
		if err != nil {
			return source{}, usageErr("%s -: %v", flag, err)
		}
		if len(b) > doctor.MaxInputBytes {
			return source{}, tooBig(flag+" -", "stdin", "more than "+strconv.Itoa(doctor.MaxInputBytes))
		}
		return source{file: "stdin", text: decodeText(string(b))}, nil
	}
	text, over, err := live.ReadBounded(file, doctor.MaxInputBytes)
	if over != "" {
		return source{}, tooBig(label, file, over)
	}
	if err != nil {
		e := &cliError{code: codeInput, where: label, file: file, exit: exitBadInput}
		switch {
		case errors.Is(err, fs.ErrNotExist):
			e.msg = "no such file"
		case isDir(file):
			e.msg = "is a directory"
		default:
			e.msg = "cannot be read: " + errors.Unwrap(err).Error()
		}
		return source{}, e
	}
	return source{file: file, text: decodeText(text)}, nil
}

// tooBig: a file over the doctor's limit (doctor.MaxInputBytes), refused
// by its size (js/bin/io.js says the same).
func tooBig(where, file, size string) *cliError {
	return &cliError{code: codeInput, where: where, file: file, exit: exitBadInput,
		msg: size + " bytes, over the doctor's limit of " + strconv.Itoa(doctor.MaxInputBytes) +
			" bytes for one file (docs/doctor-limits.md): not the output of one mqadmin command"}
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

var statusHeader = regexp.MustCompile(`^\x{FEFF}?[ \t]*#Consumer Properties#[ \t]*\r?$`)

// clientTexts splits a status text holding several clients' texts one
// after another (cat status/*) at each #Consumer Properties# line; the
// parts have no name (each says its client in clientIP/instanceName).
func clientTexts(name string, s source) []statusSource {
	lines := strings.Split(s.text, "\n")
	var starts []int
	for i, l := range lines {
		if statusHeader.MatchString(l) {
			starts = append(starts, i)
		}
	}
	if len(starts) < 2 {
		return []statusSource{{name: name, source: s}}
	}
	starts[0] = 0 // lines before the first header go with the first text
	out := make([]statusSource, len(starts))
	for k, from := range starts {
		to := len(lines)
		if k+1 < len(starts) {
			to = starts[k+1]
		}
		out[k] = statusSource{source: source{file: s.file, text: strings.Join(lines[from:to], "\n"), from: from}}
	}
	return out
}

// statusFiles reads --status paths (flag "--status") or a folder's status
// directory (flag ""): a file is one client's text named by its file name
// (or several clients', split); a directory gives each file in it, dot
// files skipped, in name order.
func (r *reader) statusFiles(paths []string, flag string) ([]statusSource, error) {
	var out []statusSource
	for _, p := range paths {
		if p == "-" {
			s, err := r.read(p, flag)
			if err != nil {
				return nil, err
			}
			out = append(out, clientTexts("", s)...)
			continue
		}
		st, err := os.Stat(p)
		if err != nil {
			return nil, usageErr("%s %s: no such file or folder", flag, p)
		}
		if !st.IsDir() {
			s, err := r.read(p, flag)
			if err != nil {
				return nil, err
			}
			out = append(out, clientTexts(filepath.Base(p), s)...)
			continue
		}
		ents, err := os.ReadDir(p)
		if err != nil {
			return nil, inputErr(p, "cannot be read: %v", errors.Unwrap(err))
		}
		before := len(out)
		for _, d := range ents { // os.ReadDir sorts by name
			f := filepath.Join(p, d.Name())
			if strings.HasPrefix(d.Name(), ".") || !isFile(f) {
				continue
			}
			s, err := r.read(f, "")
			if err != nil {
				return nil, err
			}
			out = append(out, clientTexts(d.Name(), s)...)
		}
		if len(out) == before {
			if flag == "" {
				return nil, inputErr(p, "the folder has no files")
			}
			return nil, usageErr("%s %s: the folder has no files", flag, p)
		}
	}
	return out, nil
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

var millisName = regexp.MustCompile(`^[0-9]+$`)

// statusDirOf is a folder's status files: the newest status/<millis>/
// (what mqadmin consumerStatus -g GROUP writes), else status/ itself
// when it holds a file other than stdout.txt/stderr.txt; "" when none.
func statusDirOf(dir string) string {
	status := filepath.Join(dir, "status")
	ents, err := os.ReadDir(status)
	if err != nil {
		return ""
	}
	var runs []string
	other := false
	for _, e := range ents {
		if e.IsDir() && millisName.MatchString(e.Name()) {
			runs = append(runs, e.Name())
		} else if !strings.HasPrefix(e.Name(), ".") && e.Name() != "stdout.txt" && e.Name() != "stderr.txt" {
			other = true
		}
	}
	if len(runs) == 0 {
		if other {
			return status
		}
		return ""
	}
	sort.Slice(runs, func(i, j int) bool {
		if len(runs[i]) != len(runs[j]) {
			return len(runs[i]) < len(runs[j])
		}
		return runs[i] < runs[j]
	})
	return filepath.Join(status, runs[len(runs)-1])
}

// firstWithText is the first of names in dir with text, else the first
// that exists, else "". The file is read later, bounded; here only its
// head is (js/bin/io.js's hasText).
func firstWithText(dir string, names ...string) string {
	first := ""
	for _, n := range names {
		p := filepath.Join(dir, n)
		has, err := hasText(p)
		if err != nil {
			continue
		}
		if has {
			return p
		}
		if first == "" {
			first = p
		}
	}
	return first
}

// hasText: a non-blank byte in the file's first 64 KiB, or more bytes
// than that.
func hasText(file string) (bool, error) {
	f, err := os.Open(file)
	if err != nil {
		return false, err
	}
	defer f.Close()
	head := make([]byte, 64<<10+1)
	n, err := io.ReadFull(f, head)
	switch {
	case err == nil: // more than 64 KiB
		return true, nil
	case err == io.ErrUnexpectedEOF || err == io.EOF:
		return len(bytes.TrimSpace(head[:n])) > 0, nil
	}
	return false, err
}

// checkFolder: dir is a folder of saved outputs (for cmdLine's error).
func checkFolder(dir, cmdLine string) error {
	st, err := os.Stat(dir)
	if err != nil {
		return inputErr(dir, "no such folder")
	}
	if !st.IsDir() {
		return inputErr(dir, "not a folder (%s takes folders holding route.txt, connection.txt and progress.txt or status/)", cmdLine)
	}
	need := []string{"route.txt", "connection.txt"}
	if statusDirOf(dir) == "" {
		need = append(need, "progress.txt")
	}
	var missing []string
	for _, f := range need {
		if !isFile(filepath.Join(dir, f)) {
			missing = append(missing, f)
		}
	}
	if len(missing) > 0 {
		return inputErr(dir, "not a folder of saved mqadmin outputs (it has no %s)", strings.Join(missing, ", "))
	}
	return nil
}

// moreRoutes are a folder's route.TOPIC.txt files, by name.
func moreRoutes(dir string) []routeSource {
	ents, _ := os.ReadDir(dir)
	var out []routeSource
	for _, e := range ents {
		n := e.Name()
		if strings.HasPrefix(n, "route.") && strings.HasSuffix(n, ".txt") && len(n) > len("route..txt") {
			out = append(out, routeSource{topic: n[len("route.") : len(n)-len(".txt")], source: source{file: filepath.Join(dir, n)}})
		}
	}
	return out
}

// mqadminCmd: what each file is the output of.
var mqadminCmd = map[string]string{
	"route":      "topicRoute -t TOPIC",
	"connection": "consumerConnection -g GROUP",
	"progress":   "consumerProgress -g GROUP -s true",
}

// notEmpty: an empty file is a failed mqadmin run; its error saved beside
// it (X.err) is read instead when it says something, else it is refused.
func (r *reader) notEmpty(s *source, kind string) error {
	if strings.TrimSpace(s.text) != "" {
		return nil
	}
	if s.file != "stdin" {
		errFile := strings.TrimSuffix(s.file, ".txt") + ".err"
		if errFile != s.file && exists(errFile) {
			t, err := r.read(errFile, "")
			if err != nil {
				return err
			}
			if strings.TrimSpace(t.text) != "" {
				*s = t
				return nil
			}
		}
	}
	return inputErr(s.file, "it is empty (expected the output of mqadmin %s)", mqadminCmd[kind])
}

// input is the doctor's input from the files.
func (f *snapshotFiles) input(j judging) doctor.Input {
	in := doctor.Input{Connection: f.connection.text, Strategy: j.strategy, Profile: j.profile, StuckAfter: j.stuckAfter, CapturedAt: f.capturedAt,
		ProgressErr: f.progressErr, StatusErr: f.statusErr, TopicStatus: f.topicStatus}
	if f.progress != nil {
		in.Progress = f.progress.text
	}
	for _, r := range f.routes {
		in.Routes = append(in.Routes, doctor.RouteText{Topic: r.topic, Text: r.text})
	}
	for _, s := range f.status {
		in.Status = append(in.Status, doctor.StatusText{Name: s.name, Text: s.text})
	}
	return in
}

// topicStatusOf reads a folder's topicStatus outputs: topicStatus.txt
// (capture.sh's topicstatus.txt) for route.txt's topic,
// topicStatus.TOPIC.txt for route.TOPIC.txt's.
func (r *reader) topicStatusOf(dir string) ([]doctor.TopicStatusText, error) {
	var out []doctor.TopicStatusText
	for _, n := range []string{"topicStatus.txt", "topicstatus.txt"} {
		if p := filepath.Join(dir, n); exists(p) {
			s, err := r.read(p, "")
			if err != nil {
				return nil, err
			}
			out = append(out, doctor.TopicStatusText{Text: s.text})
			break
		}
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		n := e.Name()
		if strings.HasPrefix(n, "topicStatus.") && strings.HasSuffix(n, ".txt") && len(n) > len("topicStatus..txt") {
			s, err := r.read(filepath.Join(dir, n), "")
			if err != nil {
				return nil, err
			}
			out = append(out, doctor.TopicStatusText{Topic: n[len("topicStatus.") : len(n)-len(".txt")], Text: s.text})
		}
	}
	return out, nil
}
