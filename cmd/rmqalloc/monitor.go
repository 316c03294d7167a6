//go:build !(js && wasm)

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"regexp"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"github.com/rmqalloc/rmqalloc/cluster/monitor"
)

// defaultListen is the monitor's HTTP address: loopback only unless the
// operator says otherwise (the page and API show the cluster's groups).
const defaultListen = "127.0.0.1:9712"

const monitorUsage = `Usage: rmqalloc monitor --namesrv HOST:PORT[;HOST:PORT...] [--listen ADDR]
         [--interval DUR] [--group REGEX ...] [--exclude REGEX ...] [options]

Watches every consumer group of the cluster: each interval it lists the
groups (the brokers' subscription groups), reads each one as
'rmqalloc doctor --namesrv' does and diagnoses it over a rolling window.
It only sends read requests. It serves, on --listen:
  /                  the live page (the fleet worst first; a group's report
                     and timeline)
  /metrics           Prometheus metrics (rmqalloc_group_status,
                     rmqalloc_queue_owners, ...)
  /api/groups        every group as JSON; /api/groups/{group}: one group
  /healthz, /readyz  liveness; ready once a pass has read the cluster

  --namesrv LIST         NameServers, ';'-separated; tried in order each pass
  --listen ADDR          HTTP address (default ` + defaultListen + `;
                         ':9712' for every interface)
  --interval DUR         time between passes (default 30s); a pass never
                         runs longer
  --timeout DUR          bound on one group's read (default: the interval)
  --group REGEX          watch only groups matching (repeat: any of them)
  --exclude REGEX        leave out groups matching (repeat)
  --system               also watch RocketMQ's own groups (TOOLS_CONSUMER,
                         CID_RMQ_SYS_*, ...)
  --window N             snapshots per group in the timeline (default 20)
  --concurrency N        groups read at once (default 8)
  --running-info-rate R  running-info requests a second, cluster-wide
                         (default 50; each reaches a client JVM; 0: no limit)
  --no-queue-metrics     leave out the per-queue series (rmqalloc_queue_lag,
                         rmqalloc_queue_owners)
  --memory-limit SIZE    Go's soft memory limit (default 256MiB; 0: none;
                         GOMEMLIMIT, when set, is the default): the garbage
                         collector works harder near it; raise it for more
                         than about 2,000 groups (docs/monitor.md)
  --credentials FILE     ACL access key and secret, as doctor takes them
                         (docs/security.md)
  --tls, --tls-ca FILE, --tls-insecure
                         remoting over TLS, as doctor (docs/security.md)

Stops cleanly on SIGTERM or SIGINT. Exit status: 0 stopped, 2 bad flags or
the address cannot be listened on.`

type regexps []*regexp.Regexp

func (r *regexps) String() string { return fmt.Sprint(*r) }
func (r *regexps) Set(s string) error {
	re, err := regexp.Compile(s)
	if err != nil {
		return err
	}
	*r = append(*r, re)
	return nil
}

// runMonitor is `rmqalloc monitor`; it returns when a signal stops it.
func runMonitor(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	return monitorMain(ctx, args, stdout, stderr)
}

// monitorMain is runMonitor until ctx ends (tests cancel it).
func monitorMain(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fail := func(msg string) int { fmt.Fprintln(stderr, "rmqalloc: monitor: "+msg); return 2 }
	fs := flag.NewFlagSet("monitor", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var cfg monitor.Config
	namesrv := fs.String("namesrv", "", "")
	listen := fs.String("listen", defaultListen, "")
	fs.DurationVar(&cfg.Interval, "interval", monitor.DefaultInterval, "")
	fs.DurationVar(&cfg.Timeout, "timeout", 0, "")
	var include, exclude regexps
	fs.Var(&include, "group", "")
	fs.Var(&exclude, "exclude", "")
	fs.BoolVar(&cfg.System, "system", false, "")
	fs.IntVar(&cfg.Window, "window", monitor.DefaultWindow, "")
	fs.IntVar(&cfg.Concurrency, "concurrency", monitor.DefaultConcurrency, "")
	rate := fs.Float64("running-info-rate", monitor.DefaultRunningInfoRate, "")
	fs.BoolVar(&cfg.NoQueueMetrics, "no-queue-metrics", false, "")
	memLimit := fs.String("memory-limit", "", "")
	secure := secureFlags(fs)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, monitorUsage)
			return 0
		}
		return fail(err.Error() + " (rmqalloc monitor --help)")
	}
	if fs.NArg() > 0 {
		return fail("unexpected argument " + fs.Arg(0) + " (rmqalloc monitor --help)")
	}
	for _, ns := range strings.Split(*namesrv, ";") {
		if ns = strings.TrimSpace(ns); ns != "" {
			cfg.NameServers = append(cfg.NameServers, ns)
		}
	}
	switch {
	case len(cfg.NameServers) == 0:
		return fail("give --namesrv HOST:PORT (rmqalloc monitor --help)")
	case cfg.Interval <= 0:
		return fail("--interval " + cfg.Interval.String() + ": give a positive duration such as 30s")
	case cfg.Window < 1:
		return fail(fmt.Sprintf("--window %d: give at least 1", cfg.Window))
	case cfg.Concurrency < 1:
		return fail(fmt.Sprintf("--concurrency %d: give at least 1", cfg.Concurrency))
	case *rate < 0:
		return fail(fmt.Sprintf("--running-info-rate %g: give 0 (no limit) or more", *rate))
	}
	limit, err := memoryLimit(*memLimit, os.Getenv("GOMEMLIMIT"))
	if err != nil {
		return fail(err.Error())
	}
	if limit >= 0 {
		debug.SetMemoryLimit(limit)
	}
	cfg.RunningInfoRate = *rate
	if *rate == 0 {
		cfg.RunningInfoRate = -1 // the flag's 0 is "no limit"
	}
	cfg.Include, cfg.Exclude = include, exclude
	if cfg.Credentials, cfg.TLS, err = secure(); err != nil {
		return fail(err.Error())
	}
	m, err := monitor.New(cfg)
	if err != nil {
		return fail(err.Error())
	}
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		return fail("--listen " + *listen + ": " + err.Error())
	}
	srv := &http.Server{Handler: m.Handler(), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stderr, "rmqalloc monitor: serving http://%s/ (metrics at /metrics), watching %s every %s\n",
		ln.Addr(), strings.Join(cfg.NameServers, ";"), cfg.Interval)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	done := make(chan struct{})
	go func() { m.Run(ctx); close(done) }()
	select {
	case <-ctx.Done():
	case err := <-served:
		fmt.Fprintln(stderr, "rmqalloc: monitor: serving stopped: "+err.Error())
		return 2
	}
	// Stop within 5 s: the HTTP server gets 2 s to finish its answers;
	// the pass in progress is cancelled with ctx.
	sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_ = srv.Shutdown(sctx)
	select {
	case <-done:
	case <-time.After(2 * time.Second):
	}
	fmt.Fprintln(stderr, "rmqalloc monitor: stopped")
	return 0
}
