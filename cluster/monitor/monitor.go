//go:build !(js && wasm)

package monitor

import (
	"context"
	"errors"
	"regexp"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/live"
)

// Defaults of Config.
const (
	DefaultInterval    = 30 * time.Second
	DefaultWindow      = 20 // snapshots: 10 minutes at the default interval
	DefaultConcurrency = 8
	// DefaultRunningInfoRate is the running-info (307) requests a second
	// the monitor sends cluster-wide. Each one is passed by the broker to
	// one client JVM, which walks its process queues to answer: 50/s lets
	// a 30 s interval read 1,500 group members, while a client in one
	// group still gets one request per interval, as one `mqadmin
	// consumerStatus` would send it.
	DefaultRunningInfoRate = 50
)

// Config says which cluster to watch and how.
type Config struct {
	// NameServers are tried in order each pass; the first that answers
	// is used for the whole pass.
	NameServers []string
	// Interval between passes (DefaultInterval when 0). A pass that runs
	// out of it is cut: its late reads are dropped, never stacked.
	Interval time.Duration
	// Timeout bounds one group's read (the interval when 0 or longer).
	Timeout time.Duration
	// Include: only groups matching one of these (all when empty);
	// Exclude: none matching one of these.
	Include, Exclude []*regexp.Regexp
	// System also watches RocketMQ's own groups (IsSystemGroup).
	System bool
	// Window is how many snapshots per group the timeline covers
	// (DefaultWindow when 0).
	Window int
	// Concurrency is how many groups are read at once (DefaultConcurrency
	// when 0).
	Concurrency int
	// RunningInfoRate is running-info requests a second, cluster-wide
	// (DefaultRunningInfoRate when 0; < 0: no limit).
	RunningInfoRate float64
	// NoQueueMetrics leaves out the per-queue series (rmqalloc_queue_lag,
	// rmqalloc_queue_owners) where their cardinality is too high.
	NoQueueMetrics bool
	// Dial opens connections (plain TCP when nil, TLS when TLS is set).
	Dial Dialer
	// Credentials sign every request (ACL), as doctor --namesrv's do.
	Credentials *live.Credentials
	// TLS: remoting over TLS.
	TLS *live.TLS
}

func (c *Config) fill() error {
	if len(c.NameServers) == 0 {
		return errors.New("no NameServer address (HOST:PORT)")
	}
	for _, ns := range c.NameServers {
		if !strings.Contains(ns, ":") {
			return errors.New("NameServer address " + ns + " is not HOST:PORT (RocketMQ's default port is 9876)")
		}
	}
	if c.Interval <= 0 {
		c.Interval = DefaultInterval
	}
	if c.Timeout <= 0 || c.Timeout > c.Interval {
		c.Timeout = c.Interval
	}
	if c.Window <= 0 {
		c.Window = DefaultWindow
	}
	if c.Concurrency <= 0 {
		c.Concurrency = DefaultConcurrency
	}
	if c.RunningInfoRate == 0 {
		c.RunningInfoRate = DefaultRunningInfoRate
	}
	if c.Dial == nil && c.TLS != nil {
		d, err := tlsDialer(c.TLS)
		if err != nil {
			return err
		}
		c.Dial = d
	}
	return nil
}

// Monitor watches one cluster. New makes one; Run runs it; Handler
// serves what it sees.
type Monitor struct {
	cfg  Config
	pool *pool
	now  func() time.Time

	mu       sync.RWMutex
	groups   map[string]*groupState
	up       bool // the last discovery read the cluster
	ready    bool // a pass has completed
	passes   uint64
	lastPass time.Duration
	skipped  uint64               // group reads a pass had no time left for
	readErrs map[[2]string]uint64 // {target, kind} → count
	brokers  map[string][]string  // broker addr → the groups it listed last
	durs     prometheus.Histogram // group read durations
	discErr  *ReadError           // the last discovery's error
	namesrv  string               // the NameServer the last pass used
	inPass   atomic.Bool
}

// New checks cfg and makes a monitor; nothing is read until Run.
func New(cfg Config) (*Monitor, error) {
	if err := cfg.fill(); err != nil {
		return nil, err
	}
	return &Monitor{
		cfg:      cfg,
		pool:     newPool(cfg.Dial, newLimiter(cfg.RunningInfoRate), cfg.Credentials),
		now:      time.Now,
		groups:   map[string]*groupState{},
		readErrs: map[[2]string]uint64{},
		brokers:  map[string][]string{},
		durs:     newReadDurations(),
	}, nil
}

// Run runs a pass now and then one every interval until ctx ends; it
// returns once the pass in progress has stopped and the connections are
// closed.
func (m *Monitor) Run(ctx context.Context) {
	defer m.pool.close()
	t := time.NewTicker(m.cfg.Interval)
	defer t.Stop()
	for {
		m.Pass(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Pass discovers the groups and reads and diagnoses each one, within one
// interval: reads still running when it ends are cancelled, groups not
// reached are counted as skipped.
func (m *Monitor) Pass(ctx context.Context) {
	start := m.now()
	ctx, cancel := context.WithTimeout(ctx, m.cfg.Interval)
	defer cancel()
	m.inPass.Store(true)
	defer m.inPass.Store(false)
	// Discovery gets a quarter of the interval: a broker slow to list its
	// groups keeps those it listed last, and the reads get the rest.
	dctx, dcancel := context.WithTimeout(ctx, min(m.cfg.Interval/4, m.cfg.Timeout))
	ns, groups := m.discover(dctx)
	dcancel()
	if ns != "" {
		m.read(ctx, ns, groups)
	}
	m.mu.Lock()
	m.passes++
	m.lastPass = m.now().Sub(start)
	m.ready = m.ready || ns != ""
	m.mu.Unlock()
}

// discover asks the NameServers, in order, for the brokers, then every
// master broker for its consumer groups. It returns the NameServer that
// answered ("" when none did) and the groups to read, sorted; the groups
// no longer listed are dropped. A broker that does not answer keeps the
// groups it listed last.
func (m *Monitor) discover(ctx context.Context) (string, []string) {
	var brokers []broker
	ns := ""
	var lastErr *ReadError
	for _, addr := range m.cfg.NameServers {
		body, err := m.pool.ask(ctx, addr, codeBrokerClusterInfo)
		if err == nil {
			brokers, err = brokersOf(body)
		}
		if err != nil {
			lastErr = m.readError(live.ErrNameServer, addr, "NameServer "+addr+": broker cluster info: ", err)
			m.mu.Lock()
			m.countErrLocked(lastErr)
			m.mu.Unlock()
			continue
		}
		ns = addr
		break
	}
	m.mu.Lock()
	m.up, m.discErr, m.namesrv = ns != "", lastErr, ns
	m.mu.Unlock()
	if ns == "" {
		return "", nil
	}
	type listed struct {
		addr   string
		groups []string
		err    error
	}
	results := make([]listed, len(brokers))
	var wg sync.WaitGroup
	for i, b := range brokers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body, err := m.pool.ask(ctx, b.Addr, codeAllSubscription)
			var gs []string
			if err == nil {
				gs, err = groupsOf(body)
			}
			results[i] = listed{b.Addr, gs, err}
		}()
	}
	wg.Wait()
	m.mu.Lock()
	defer m.mu.Unlock()
	known := map[string][]string{}
	for _, r := range results {
		if r.err != nil {
			m.countErrLocked(m.readError(live.ErrBroker, r.addr, "broker "+r.addr+": subscription groups: ", r.err))
			known[r.addr] = m.brokers[r.addr]
			continue
		}
		known[r.addr] = r.groups
	}
	m.brokers = known
	set := map[string]bool{}
	for _, gs := range known {
		for _, g := range gs {
			if m.wanted(g) {
				set[g] = true
			}
		}
	}
	for g := range m.groups {
		if !set[g] {
			delete(m.groups, g)
		}
	}
	out := make([]string, 0, len(set))
	for g := range set {
		out = append(out, g)
		if m.groups[g] == nil {
			m.groups[g] = &groupState{name: g, summary: GroupSummary{Group: g, Status: StatusNotJudged, State: StatusNames[StatusNotJudged], Verdict: "not read yet"}}
		}
	}
	sort.Strings(out)
	return ns, out
}

// wanted: not a system group (unless asked), matching the filters.
func (m *Monitor) wanted(g string) bool {
	if !m.cfg.System && IsSystemGroup(g) {
		return false
	}
	if len(m.cfg.Include) > 0 {
		in := false
		for _, re := range m.cfg.Include {
			in = in || re.MatchString(g)
		}
		if !in {
			return false
		}
	}
	for _, re := range m.cfg.Exclude {
		if re.MatchString(g) {
			return false
		}
	}
	return true
}

// read reads and diagnoses the groups, Concurrency at a time, until ctx
// ends.
func (m *Monitor) read(ctx context.Context, ns string, groups []string) {
	sem := make(chan struct{}, m.cfg.Concurrency)
	var wg sync.WaitGroup
	for i, g := range groups {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
			m.mu.Lock()
			m.skipped += uint64(len(groups) - i)
			m.mu.Unlock()
			wg.Wait()
			return
		}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			m.readOne(ctx, ns, g)
		}()
	}
	wg.Wait()
}

// readOne reads group g and files the outcome.
func (m *Monitor) readOne(parent context.Context, ns, g string) {
	ctx, cancel := context.WithTimeout(parent, m.cfg.Timeout)
	defer cancel()
	start := m.now()
	snap, err := readGroup(ctx, m.pool, live.Options{NameServer: ns, Group: g, Location: time.UTC, Now: m.now, Credentials: m.cfg.Credentials})
	if errors.Is(parent.Err(), context.Canceled) {
		return // the monitor is stopping: not the cluster's failure
	}
	m.durs.Observe(m.now().Sub(start).Seconds())
	m.mu.RLock()
	st := m.groups[g]
	m.mu.RUnlock()
	if st == nil {
		return // dropped meanwhile
	}
	var le *live.Error
	if errors.As(err, &le) && errors.Is(le, live.ErrUnknownGroup) {
		// No %RETRY% route: no consumer of the group ever ran (or it was
		// just deleted). Nothing to judge, and not a failure to read.
		st.smu.Lock()
		defer st.smu.Unlock()
		m.mu.Lock()
		st.summary = GroupSummary{Group: g, Status: StatusNotJudged, State: StatusNames[StatusNotJudged],
			Verdict: "no consumer of this group has ever run: " + le.Msg}
		st.view, st.warnings, st.reported = nil, nil, false
		m.mu.Unlock()
		return
	}
	if err != nil {
		e := m.readError(nil, "", "", err)
		m.mu.Lock()
		m.countErrLocked(e)
		st.fail(e)
		m.mu.Unlock()
		return
	}
	at := time.UnixMilli(snap.Millis).UTC()
	// The series and its diagnosis belong to this pass's reader of g
	// alone; only the results are published under the lock.
	in := doctor.Snapshot{Input: snap.Input(), At: at}
	// The series and what is published of it change together: the API
	// builds a group's report from the series (Group).
	st.smu.Lock()
	defer st.smu.Unlock()
	rep, derr := m.diagnose(st, in)
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.groups[g] != st {
		return
	}
	if derr != nil {
		e := &ReadError{Kind: "diagnose", Message: derr.Error(), At: m.now().UTC()}
		m.countErrLocked(e)
		st.fail(e)
		return
	}
	st.absorb(rep, at, snap.Warnings)
	st.reported, st.lastAt = true, at
}

// diagnose adds the snapshot to the group's window and reports on it.
func (m *Monitor) diagnose(st *groupState, in doctor.Snapshot) (*doctor.Report, error) {
	if st.series.Len() > 0 && in.At.Before(st.lastAt) {
		// A clock step back must not stop the series: start it afresh.
		st.series = doctor.Series{}
	}
	if err := st.series.Add(in); err != nil {
		return nil, err
	}
	st.series.Keep(m.cfg.Window)
	return unanswered(st.series.Report()), nil
}

// readError turns a read's error into the API's shape; kind (one of
// cluster/live's Err* sentinels, or nil) is the kind when err is not a
// *live.Error.
func (m *Monitor) readError(kind error, target, prefix string, err error) *ReadError {
	e := &ReadError{Target: target, Message: prefix + err.Error(), At: m.now().UTC()}
	if kind != nil {
		e.Kind = kind.Error()
	}
	var le *live.Error
	if errors.As(err, &le) {
		e.Kind, e.Message = live.KindOf(le), prefix+le.Msg
		if le.Addr != "" {
			e.Target = le.Addr
		}
	}
	if errors.Is(err, context.DeadlineExceeded) {
		e.Kind = live.ErrTimeout.Error()
	}
	if e.Kind == "" {
		e.Kind = "read"
	}
	return e
}

func (m *Monitor) countErrLocked(e *ReadError) {
	m.readErrs[[2]string{e.Target, e.Kind}]++
}

// Groups is every group watched, worst first: problems, unreadable, not
// judged, ok; then by lag, then by name.
func (m *Monitor) Groups() []GroupSummary {
	m.mu.RLock()
	out := make([]GroupSummary, 0, len(m.groups))
	for _, g := range m.groups {
		out = append(out, g.summary)
	}
	m.mu.RUnlock()
	rank := [...]int{StatusOK: 3, StatusProblems: 0, StatusNotJudged: 2, StatusUnreadable: 1}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if rank[a.Status] != rank[b.Status] {
			return rank[a.Status] < rank[b.Status]
		}
		if a.Lag != b.Lag {
			return a.Lag > b.Lag
		}
		return a.Group < b.Group
	})
	return out
}

// Group is one group's detail; false when it is not watched. Its report
// is built from the group's series now (the window's timeline included).
func (m *Monitor) Group(name string) (GroupDetail, bool) {
	m.mu.RLock()
	g := m.groups[name]
	m.mu.RUnlock()
	if g == nil {
		return GroupDetail{}, false
	}
	g.smu.Lock()
	defer g.smu.Unlock()
	m.mu.RLock()
	d := GroupDetail{GroupSummary: g.summary, Warnings: g.warnings}
	reported := g.reported
	m.mu.RUnlock()
	if d.Warnings == nil {
		d.Warnings = []string{}
	}
	if reported {
		d.Report = unanswered(g.series.Report())
		d.Text = d.Report.Text()
	}
	return d, true
}

// Ready: a pass has read the cluster.
func (m *Monitor) Ready() bool {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.ready
}
