//go:build !(js && wasm)

package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/rmqalloc/rmqalloc/cluster/live"
	"github.com/rmqalloc/rmqalloc/internal/termsafe"
)

var durationText = regexp.MustCompile(`^([0-9]+(?:\.[0-9]+)?)(ms|s|m)?$`)

// durationOf reads --timeout and --watch: 5s, 1500ms, 2m, or plain
// seconds; above zero.
func durationOf(flag, v string) (time.Duration, error) {
	m := durationText.FindStringSubmatch(strings.TrimSpace(v))
	n := 0.0
	if m != nil {
		n, _ = strconv.ParseFloat(m[1], 64)
	}
	if m == nil || n <= 0 {
		return 0, usageErr("%s %s: want a duration above zero, such as 5s, 1500ms or 2m", flag, v)
	}
	unit := map[string]float64{"ms": 1, "s": 1000, "": 1000, "m": 60000}[m[2]]
	return time.Duration(n * unit * float64(time.Millisecond)), nil
}

// countOf reads --count: a whole number of snapshots, 1 or more.
func countOf(v string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < 1 || strings.TrimSpace(v)[0] == '+' || strings.TrimSpace(v)[0] == '0' {
		return 0, usageErr("--count %s: want a whole number of snapshots, 1 or more", v)
	}
	return n, nil
}

// liveCommand: --namesrv, the group read from the cluster, saved as a
// folder (--save DIR, else a temporary one), then diagnosed as doctor
// FOLDER diagnoses it, so the report is the one `rmqalloc doctor DIR`
// gives later.
func liveCommand(e *env, a *args) (int, error) {
	if a.str("group") == "" {
		return 0, usageErr("--namesrv needs --group GROUP (rmqalloc doctor --help)")
	}
	for _, k := range []string{"route", "connection", "progress", "status"} {
		if a.has(k) {
			return 0, usageErr("--%s is for saved outputs; with --namesrv the group is read from the cluster", k)
		}
	}
	if a.has("count") && !a.has("watch") {
		return 0, usageErr("--count goes with --watch INTERVAL (rmqalloc doctor --help)")
	}
	timeout := 5 * time.Second
	timeoutText := "5s"
	if a.has("timeout") {
		var err error
		if timeout, err = durationOf("--timeout", a.str("timeout")); err != nil {
			return 0, err
		}
		timeoutText = a.str("timeout")
	}
	var every time.Duration
	count := 0
	if a.has("watch") {
		var err error
		if every, err = durationOf("--watch", a.str("watch")); err != nil {
			return 0, err
		}
		if a.has("count") {
			if count, err = countOf(a.str("count")); err != nil {
				return 0, err
			}
		}
	}
	o := live.Options{NameServer: a.str("namesrv"), Group: a.str("group"), Topics: a.all("topic")}
	var err error
	if o.Credentials, err = live.LoadCredentials(a.str("credentials"), e.getenv); err != nil {
		return 0, usageErr("%v", err)
	}
	if o.TLS, err = live.LoadTLS(a.has("tls"), a.str("tls-ca"), a.has("tls-insecure")); err != nil {
		return 0, usageErr("%v", err)
	}
	read := func() (*live.Snapshot, error) {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		snap, err := live.Read(ctx, o)
		if err != nil {
			msg := strings.Replace(err.Error(), "(--timeout)", "(--timeout "+timeoutText+")", 1)
			// The cluster itself did not answer: nothing could be judged
			// (3); options or names it does not know are bad input (2).
			exit := exitBadInput
			if unreadable(err) {
				exit = exitNotJudged
			}
			return nil, &cliError{code: codeCluster, msg: msg, exit: exit}
		}
		for _, w := range snap.Warnings {
			fmt.Fprintln(e.stderr, "rmqalloc: warning: "+termsafe.Escape(strings.Replace(w, "(--timeout)", "(--timeout "+timeoutText+")", 1)))
		}
		return snap, nil
	}
	base := a.str("save")
	if base == "" {
		tmp, err := os.MkdirTemp("", "rmqalloc-live-")
		if err != nil {
			return 0, err
		}
		defer os.RemoveAll(tmp)
		base = tmp
	}
	if a.has("watch") {
		return watch(e, a, read, base, every, count)
	}
	// --timeout bounds the read and the diagnosis together.
	e.deadline, e.timeoutText = time.Now().Add(timeout), timeoutText
	snap, err := read()
	if err != nil {
		return 0, err
	}
	if err := snap.Save(base); err != nil {
		return 0, usageErr("--save %s: %v", base, err)
	}
	return doctorCommand(e, judgeArgs(a, base))
}

// unreadable: the cluster itself did not answer (as opposed to options or
// names it does not know).
func unreadable(err error) bool {
	for _, k := range []error{live.ErrNameServer, live.ErrBroker, live.ErrTimeout, live.ErrRefused} {
		if errors.Is(err, k) {
			return true
		}
	}
	return false
}

// judgeArgs: the doctor's arguments for saved folders, with the judging
// flags given.
func judgeArgs(a *args, folders ...string) []string {
	out := append([]string{}, folders...)
	for _, k := range []string{"strategy", "profile", "stuck-after"} {
		if a.has(k) {
			out = append(out, "--"+k, a.str(k))
		}
	}
	if a.has("json") {
		out = append(out, "--json")
	}
	return out
}

// watch: a snapshot every interval (saved under base as 1/, 2/, ...),
// then the series' report, as `rmqalloc doctor base/1 base/2 ...` gives
// it. Without --count it runs until Ctrl-C, which ends the watch and
// reports what was taken.
func watch(e *env, a *args, read func() (*live.Snapshot, error), base string, every time.Duration, count int) (int, error) {
	stop, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	defer cancel()
	var dirs []string
	for (count == 0 || len(dirs) < count) && stop.Err() == nil {
		t0 := time.Now()
		snap, err := read()
		if err != nil {
			return 0, err
		}
		dir := filepath.Join(base, strconv.Itoa(len(dirs)+1))
		if err := snap.Save(dir); err != nil {
			return 0, usageErr("--save %s: %v", base, err)
		}
		dirs = append(dirs, dir)
		more := count == 0 || len(dirs) < count
		line := "rmqalloc: snapshot " + strconv.Itoa(len(dirs))
		if count > 0 {
			line += " of " + strconv.Itoa(count)
		}
		line += " taken"
		if snap.Offline() {
			line += " (no consumer online)"
		}
		if more {
			line += "; the next in " + a.str("watch")
			if count == 0 {
				line += " (Ctrl-C ends and reports)"
			}
		}
		fmt.Fprintln(e.stderr, line)
		if !more {
			break
		}
		select {
		case <-stop.Done():
		case <-time.After(max(0, every-time.Since(t0))):
		}
	}
	if a.has("save") {
		fmt.Fprintln(e.stderr, "rmqalloc: saved in "+strings.Join(dirs, " "))
	}
	return doctorCommand(e, judgeArgs(a, dirs...))
}
