//go:build !(js && wasm)

// Command rmqalloc is the doctor for Go users:
//
//	go run github.com/rmqalloc/rmqalloc/cmd/rmqalloc doctor --namesrv HOST:PORT --group GROUP [options]
//	go run github.com/rmqalloc/rmqalloc/cmd/rmqalloc doctor FOLDER [options]
//
// It reads the group from the cluster itself (cluster/live) or from a folder
// of saved mqadmin outputs, and prints the doctor's report (cluster/doctor).
// Exit status: 0 all ok, 1 problems found, 2 bad input, 3 nothing could be
// judged (no owner information, or a cluster that could not be read: one
// line on stderr naming the address). A cluster that answers in part is
// reported in part: the queues it hides are unknown.
//
// Native only: in js/wasm the same command is the npm package's rmqalloc.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/live"
)

const usage = `Usage: rmqalloc doctor --namesrv HOST:PORT --group GROUP [--topic T ...] [--json] [--timeout DUR] [--save DIR]
       rmqalloc doctor FOLDER [--json]   (a --watch --save folder DIR/1, DIR/2, ...: the series)
       rmqalloc doctor FOLDER1 FOLDER2 ... [--json]   (snapshots of one group over time)
       rmqalloc monitor --namesrv HOST:PORT [--listen ADDR]   (every group, continuously: rmqalloc monitor --help)

Reads the group from the cluster (the calls of mqadmin topicRoute,
consumerConnection, consumerProgress -s true and consumerStatus, in one go)
or from a folder of their saved outputs, and says which queues are owned
wrongly, and why.

  --namesrv HOST:PORT  the NameServer
  --group GROUP        the consumer group
  --topic T            a topic to diagnose (repeat); default: every topic the group subscribes to
  --timeout DUR        bound on the whole read (default 5s); a server silent for
                       half of it is given up and its part reported unknown
  --save DIR           also write what was read as a folder of saved outputs
                       (route.txt, connection.txt, progress.txt, status/<millis>/<clientId>)
  --strategy NAME      strategy of members whose status does not name one (default AVG)
  --profile P          one client for every member (java-4.9.3, java-5.3.3, go-client-2.1.2)
  --json               print the report as one JSON object
` + secureUsage + `

Exit status: 0 all ok, 1 problems found, 2 bad input, 3 nothing could be
judged (no owner information, or the cluster could not be read). What part of
the cluster does not answer (a broker, a member) is reported as unknown.`

type topics []string

func (t *topics) String() string     { return strings.Join(*t, ",") }
func (t *topics) Set(s string) error { *t = append(*t, s); return nil }

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fail := func(msg string) int { fmt.Fprintln(stderr, "rmqalloc: "+msg); return 2 }
	if len(args) > 0 && args[0] == "monitor" {
		return runMonitor(args[1:], stdout, stderr)
	}
	if len(args) == 0 || args[0] != "doctor" {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
			fmt.Fprintln(stdout, usage)
			return 0
		}
		fmt.Fprintln(stderr, usage)
		return 2
	}
	fs := flag.NewFlagSet("doctor", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var o live.Options
	var ts topics
	fs.StringVar(&o.NameServer, "namesrv", "", "")
	fs.StringVar(&o.Group, "group", "", "")
	fs.Var(&ts, "topic", "")
	timeout := fs.Duration("timeout", live.DefaultTimeout, "")
	save := fs.String("save", "", "")
	strategy := fs.String("strategy", "", "")
	profile := fs.String("profile", "", "")
	asJSON := fs.Bool("json", false, "")
	secure := secureFlags(fs)
	// FOLDERs may come before, between or after the flags
	var folders []string
	for rest := args[1:]; ; {
		for len(rest) > 0 && !strings.HasPrefix(rest[0], "-") {
			folders, rest = append(folders, rest[0]), rest[1:]
		}
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fmt.Fprintln(stdout, usage)
				return 0
			}
			return fail("doctor: " + err.Error() + " (rmqalloc doctor --help)")
		}
		if rest = fs.Args(); len(rest) == 0 {
			break
		}
		folders, rest = append(folders, rest[0]), rest[1:] // after "--", or "-"
	}
	folder := ""
	if len(folders) > 0 {
		folder = folders[0]
	}
	if len(folders) > 1 {
		if o.NameServer != "" {
			return fail("doctor: give a FOLDER or --namesrv, not both")
		}
		return doctorSeries(folders, *strategy, *profile, *asJSON, stdout, stderr)
	}
	o.Topics = ts
	var in doctor.Input
	var files live.Files
	switch {
	case folder != "" && o.NameServer != "":
		return fail("doctor: give a FOLDER or --namesrv, not both")
	case folder != "" && len(live.WatchFolders(folder)) > 0:
		// a --watch --save folder: its snapshots, as a series
		return doctorSeries(live.WatchFolders(folder), *strategy, *profile, *asJSON, stdout, stderr)
	case folder != "":
		var err error
		if in, files, err = live.ReadFolderFiles(folder); err != nil {
			return fail(err.Error())
		}
	case o.NameServer != "":
		var err error
		if o.Credentials, o.TLS, err = secure(); err != nil {
			return fail(err.Error())
		}
		ctx, cancel := context.WithTimeout(context.Background(), *timeout)
		defer cancel()
		snap, err := live.Read(ctx, o)
		if err != nil {
			msg := strings.Replace(err.Error(), "(--timeout)", "(--timeout "+timeout.String()+")", 1)
			if unreadable(err) {
				fmt.Fprintln(stderr, "rmqalloc: "+msg)
				return exitNotJudged
			}
			return fail(msg)
		}
		for _, w := range snap.Warnings {
			fmt.Fprintln(stderr, "rmqalloc: warning: "+strings.Replace(w, "(--timeout)", "(--timeout "+timeout.String()+")", 1))
		}
		if *save != "" {
			if err := snap.Save(*save); err != nil {
				return fail("--save " + *save + ": " + err.Error())
			}
		}
		in = snap.Input()
	default:
		return fail("doctor: give --namesrv HOST:PORT --group GROUP, or a FOLDER (rmqalloc doctor --help)")
	}
	in.Strategy, in.Profile = *strategy, *profile
	rep, err := doctor.Diagnose(in)
	if err != nil {
		return fail(files.Explain(err).Error())
	}
	return report(rep, *asJSON, stdout)
}

// report prints rep and is the exit status it calls for.
func report(rep *doctor.Report, asJSON bool, stdout io.Writer) int {
	if asJSON {
		b, _ := json.Marshal(rep)
		fmt.Fprintln(stdout, string(b))
	} else {
		fmt.Fprint(stdout, strings.TrimRight(rep.Text(), "\n")+"\n")
	}
	switch {
	case rep.OK:
		return 0
	case !rep.Judged:
		return exitNotJudged
	}
	return 1
}

// exitNotJudged: nothing could be judged (exit 3).
const exitNotJudged = 3

// unreadable: the cluster itself did not answer (as opposed to options or
// names it does not know): nothing could be judged, exit 3.
func unreadable(err error) bool {
	var e *live.Error
	if !errors.As(err, &e) {
		return false
	}
	switch e.Kind {
	case live.ErrNameServer, live.ErrBroker, live.ErrTimeout, live.ErrRefused:
		return true
	}
	return false
}
