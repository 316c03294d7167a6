//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/live"
	"github.com/rmqalloc/rmqalloc/internal/termsafe"
)

// doctorWays is what a bare `rmqalloc doctor` shows.
const doctorWays = `  rmqalloc doctor FOLDER [FOLDER ...]
  rmqalloc doctor --route FILE --connection FILE --progress FILE
  rmqalloc doctor --namesrv HOST:PORT --group GROUP
(rmqalloc doctor --help for the options)`

// doctorCommand: `rmqalloc doctor`, in each of its forms.
func doctorCommand(e *env, argv []string) (int, error) {
	a, err := parseFlags("doctor", commandFlags["doctor"], argv)
	if err != nil {
		return 0, err
	}
	if a.has("help") {
		fmt.Fprintln(e.stdout, doctorHelp)
		return exitOK, nil
	}
	if a.has("namesrv") {
		if len(a.positionals) > 0 {
			return 0, usageErr("doctor: give a FOLDER or --namesrv, not both (rmqalloc doctor --help)")
		}
		return liveCommand(e, a)
	}
	for _, f := range liveFlags {
		if f.Name != "namesrv" && a.has(f.Name) {
			return 0, usageErr("--%s goes with --namesrv HOST:PORT (rmqalloc doctor --help)", f.Name)
		}
	}
	if len(a.positionals) > 1 {
		return seriesCommand(e, a, a.positionals)
	}
	// A folder --watch --save wrote (DIR/1, DIR/2, ...) is its series.
	if len(a.positionals) == 1 {
		if dirs := live.WatchFolders(a.positionals[0]); len(dirs) > 0 {
			return seriesCommand(e, a, dirs)
		}
	}
	r := &reader{stdin: e.stdin}
	files, err := r.snapshotOf(a)
	if err != nil {
		return 0, err
	}
	rep, err := e.diagnose(files.input(judgeOptions(a)))
	if err != nil {
		return 0, doctorInputError(err, files)
	}
	return printReport(e, rep, a.has("json"), func() int {
		if rep.OK {
			return exitOK
		}
		if !rep.Judged {
			return exitNotJudged
		}
		return exitProblems
	}())
}

// judging is how the doctor judges, whatever the source: the judge flags.
type judging struct {
	strategy, profile, stuckAfter string
}

// judgeOptions: --strategy in any case (the names are upper case),
// --profile in any case (lower case), --stuck-after as typed.
func judgeOptions(a *args) judging {
	j := judging{strategy: a.str("strategy"), profile: strings.ToLower(a.str("profile")), stuckAfter: a.str("stuck-after")}
	for _, n := range alloc.StrategyNames() {
		if strings.EqualFold(n, j.strategy) {
			j.strategy = n
		}
	}
	return j
}

// printReport prints the report, text fitted in the width or JSON.
func printReport(e *env, rep *doctor.Report, asJSON bool, status int) (int, error) {
	if asJSON {
		b, err := json.Marshal(rep)
		if err != nil {
			return 0, err
		}
		fmt.Fprintln(e.stdout, string(b))
	} else {
		// Client IDs and remarks come from the cluster: shown, not run.
		fmt.Fprint(e.stdout, termsafe.Escape(strings.TrimRight(rep.TextWidth(e.width()), "\n"))+"\n")
	}
	return status, nil
}

// snapshotOf reads one snapshot: a FOLDER's files, the flags' files
// (which take precedence), or both.
func (r *reader) snapshotOf(a *args) (*snapshotFiles, error) {
	var folder string
	if len(a.positionals) == 1 {
		folder = a.positionals[0]
		if err := checkFolder(folder, "rmqalloc doctor FOLDER"); err != nil {
			return nil, err
		}
	} else if !a.has("route") && !a.has("connection") && !a.has("progress") && !a.has("status") {
		return nil, &cliError{code: codeUsage, msg: "doctor: nothing to diagnose; give one of", rest: doctorWays, exit: exitBadInput}
	}
	f := &snapshotFiles{}
	var err error
	// Routes.
	if a.has("route") {
		for _, arg := range a.all("route") {
			topic, file := routeArg(arg)
			s, err := r.read(file, "--route")
			if err != nil {
				return nil, err
			}
			f.routes = append(f.routes, routeSource{topic: topic, source: s})
		}
	} else if folder != "" {
		s, err := r.read(filepath.Join(folder, "route.txt"), "")
		if err != nil {
			return nil, err
		}
		f.routes = append(f.routes, routeSource{source: s})
		for _, m := range moreRoutes(folder) {
			if m.source, err = r.read(m.file, ""); err != nil {
				return nil, err
			}
			f.routes = append(f.routes, m)
		}
	}
	// The connection and the progress: a failed command leaves its output
	// empty and its error in .err; a 5.x mqadmin against 4.x brokers runs
	// only the per-topic progress (-c).
	connection, connFlag := a.str("connection"), "--connection"
	if !a.has("connection") && folder != "" {
		connection, connFlag = firstWithText(folder, "connection.txt", "connection.err"), ""
	}
	progress, progFlag := a.str("progress"), "--progress"
	if !a.has("progress") && folder != "" {
		progress, progFlag = firstWithText(folder, "progress.txt", "progress-c.txt", "progress.err"), ""
	}
	// What the folder's commands printed on stderr beside their output:
	// the brokers a read could not see (progress.err, when the progress is
	// read from another file) and the members that did not answer
	// (status/stderr.txt); the doctor marks the queues they hide unknown.
	if folder != "" && !a.has("progress") {
		if pe := filepath.Join(folder, "progress.err"); progress != pe && isFile(pe) {
			s, err := r.read(pe, "")
			if err != nil {
				return nil, err
			}
			f.progressErr = s.text
		}
		if se := filepath.Join(folder, "status", "stderr.txt"); isFile(se) {
			s, err := r.read(se, "")
			if err != nil {
				return nil, err
			}
			f.statusErr = s.text
		}
	}
	if folder != "" {
		if f.topicStatus, err = r.topicStatusOf(folder); err != nil {
			return nil, err
		}
	}
	var status []string
	statusFlag := "--status"
	if a.has("status") {
		status = a.all("status")
	} else if folder != "" {
		if sd := statusDirOf(folder); sd != "" {
			status, statusFlag = []string{sd}, ""
		}
	}
	var missing []string
	if len(f.routes) == 0 {
		missing = append(missing, "--route")
	}
	if connection == "" {
		missing = append(missing, "--connection")
	}
	if progress == "" && len(status) == 0 {
		missing = append(missing, "--progress")
	}
	if len(missing) > 0 {
		return nil, usageErr("doctor: missing %s (rmqalloc doctor --help)", strings.Join(missing, ", "))
	}
	if f.connection, err = r.read(connection, connFlag); err != nil {
		return nil, err
	}
	if progress != "" {
		s, err := r.read(progress, progFlag)
		if err != nil {
			return nil, err
		}
		f.progress = &s
	}
	if f.status, err = r.statusFiles(status, statusFlag); err != nil {
		return nil, err
	}
	for i := range f.routes {
		if err := r.notEmpty(&f.routes[i].source, "route"); err != nil {
			return nil, err
		}
	}
	if err := r.notEmpty(&f.connection, "connection"); err != nil {
		return nil, err
	}
	if f.progress != nil {
		if err := r.notEmpty(f.progress, "progress"); err != nil {
			return nil, err
		}
	}
	switch {
	case a.has("captured-at"):
		f.capturedAt, f.capturedAtWhere = a.str("captured-at"), "--captured-at "+a.str("captured-at")
	case folder != "" && exists(filepath.Join(folder, "captured-at.txt")):
		s, err := r.read(filepath.Join(folder, "captured-at.txt"), "")
		if err != nil {
			return nil, err
		}
		f.capturedAt, f.capturedAtFile = s.text, s.file
	}
	return f, nil
}

// routeArg: --route [TOPIC=]FILE; a whole argument that is an existing
// path is a file.
func routeArg(arg string) (topic, file string) {
	eq := strings.Index(arg, "=")
	if eq <= 0 || arg == "-" || exists(arg) {
		return "", arg
	}
	return arg[:eq], arg[eq+1:]
}

var boxRef = regexp.MustCompile(`\b(route|status)\[(\d+)\]`)

// sourceOfBox is the file an input box (the doctor's names: route,
// route[1], connection, progress, status[2]) was read from.
func (f *snapshotFiles) sourceOfBox(box string) (source, bool) {
	kind, idx := box, 0
	if m := boxRef.FindStringSubmatch(box); m != nil && m[0] == box {
		kind = m[1]
		fmt.Sscan(m[2], &idx)
	}
	switch {
	case kind == "route" && idx < len(f.routes):
		return f.routes[idx].source, true
	case kind == "status" && idx < len(f.status):
		return f.status[idx].source, true
	case kind == "connection":
		return f.connection, true
	case kind == "progress" && f.progress != nil:
		return *f.progress, true
	}
	return source{}, false
}

// doctorInputError: the doctor's error on text it could not read, as the
// file and line it is about (or the flag as typed); other errors as they are.
func doctorInputError(err error, f *snapshotFiles) error {
	var te *alloc.TextError
	if !errors.As(err, &te) {
		return err
	}
	return f.placeError(te.Source, te.Line, te.Column, te.Msg)
}

// placeError is a message about box, placed in its file.
func (f *snapshotFiles) placeError(box string, line, column int, msg string) *cliError {
	// The parsers speak of the playground's boxes; here the boxes are files.
	msg = strings.Replace(msg, "(wrong box?)", "(wrong file?)", 1)
	msg = regexp.MustCompile(` \(file "[^"]*"\)$`).ReplaceAllString(msg, "")
	msg = strings.Replace(msg, ": name the topic with the route", ": give it as --route TOPIC=FILE", 1)
	msg = boxRef.ReplaceAllStringFunc(msg, func(ref string) string {
		if s, ok := f.sourceOfBox(ref); ok {
			return s.file
		}
		return ref
	})
	switch box {
	case "strategy", "profile":
		return &cliError{code: codeUsage, where: "--" + box, msg: msg, exit: exitBadInput}
	case "stuckAfter":
		return &cliError{code: codeUsage, where: "--stuck-after", msg: msg, exit: exitBadInput}
	case "capturedAt":
		if f.capturedAtFile != "" {
			return textErr(f.capturedAtFile, line, 0, msg)
		}
		return &cliError{code: codeUsage, where: f.capturedAtWhere, msg: msg, exit: exitBadInput}
	}
	if s, ok := f.sourceOfBox(box); ok {
		if line > 0 {
			line += s.from
		}
		return textErr(s.file, line, column, msg)
	}
	return &cliError{code: codeInput, where: box, msg: msg, exit: exitBadInput}
}
