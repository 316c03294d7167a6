package doctor

import (
	"slices"
	"strings"
	"time"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/analysis"
)

// Where the actual owners come from.
type ownerMode int

const (
	modeNone ownerMode = iota // no owner information: statuses unknown
	modeIP                    // consumerProgress #Client IP: one IP per queue
	modeCID                   // consumerStatus files: client IDs
)

// diagnosis is one Diagnose call's state.
type diagnosis struct {
	in            *texts
	g             *group
	mode          ownerMode
	broadcasting  bool
	defStrategy   string
	notSubscribed map[string][]int // progress topics the group does not subscribe: lines
	strats        []alloc.Strategy
	stratIdx      map[[2]string]int
	noRoute       []Finding     // subscribed topics without a route
	orphaned      int           // readable queues no member's own call returns
	capturedAt    time.Time     // Input.CapturedAt; zero: the newest #LastTime
	stuckAfter    time.Duration // Input.StuckAfter: CONSUMER_STUCK's threshold
	captureAt     time.Time     // captureTime's answer, once captureRead
	captureRead   bool
	roomFindings  []Finding      // what MACHINE_ROOM members keep (machineRooms)
	mixedReported bool           // MIXED_STRATEGIES from the status files' strategy lines
	excused       map[string]int // by status: wrong queues a passing state explains (not counted as bad)
	unread        unread         // what the read of the cluster could not see (partial.go)
}

// Diagnose reads the texts of in and diagnoses the group: for each topic
// the expected owners of every queue (each member's own allocate call,
// with its own strategy and client), the actual owners (status files, else
// consumerProgress's #Client IP), each queue's status, the findings, lag
// and the best-fitting strategy. Input it cannot read is an *alloc.TextError
// naming the box and line; it never panics on any text.
func Diagnose(in Input) (*Report, error) {
	rep, _, err := diagnose(in)
	return rep, err
}

// diagnose is Diagnose, also giving the group's name as the texts say it
// ("" when none does), which a series checks across its snapshots.
func diagnose(in Input) (*Report, string, error) {
	rep, d, err := diagnoseState(in)
	if err != nil {
		return nil, "", err
	}
	return rep, d.g.name, nil
}

func diagnoseState(in Input) (*Report, *diagnosis, error) {
	strategy, err := normalizeStrategy(in.Strategy)
	if err != nil {
		return nil, nil, err
	}
	profile, err := normalizeProfile(in.Profile)
	if err != nil {
		return nil, nil, err
	}
	capturedAt, err := parseCapturedAt(in.CapturedAt)
	if err != nil {
		return nil, nil, err
	}
	stuckAfter, err := parseStuckAfter(in.StuckAfter)
	if err != nil {
		return nil, nil, err
	}
	if err := checkInputSize(in); err != nil {
		return nil, nil, err
	}
	t, err := readInput(in)
	if err != nil {
		return nil, nil, err
	}
	if err := crossCheck(t); err != nil {
		return nil, nil, err
	}
	d := &diagnosis{in: t, defStrategy: strategy, notSubscribed: map[string][]int{}, stratIdx: map[[2]string]int{}, excused: map[string]int{}, capturedAt: capturedAt, stuckAfter: stuckAfter}
	d.g = newGroup(t, strategy, profile)
	d.mode = d.ownerMode()
	d.findUnread()
	d.broadcasting = d.isBroadcasting()
	topics, err := d.topics()
	if err != nil {
		return nil, nil, err
	}
	if err := d.machineRooms(topics); err != nil {
		return nil, nil, err
	}
	rep := &Report{Topics: []TopicReport{}, Findings: append(append(d.groupFindings(), d.roomFindings...), d.noRoute...)}
	for _, tp := range topics {
		tr, err := d.topic(tp)
		if err != nil {
			return nil, nil, err
		}
		d.strandedFindings(tp, tr)
		rankFindings(tr.Findings)
		rep.Topics = append(rep.Topics, *tr)
		rep.Findings = append(rep.Findings, tr.Findings...)
	}
	rep.Findings = append(rep.Findings, d.captureTimeFindings()...)
	rankFindings(rep.Findings)
	rep.Queues, rep.Unknown = queueCounts(rep)
	rep.OK, rep.Verdict = verdict(rep, d)
	rep.Judged = d.unread.conn == "" && (len(d.g.members) == 0 || d.mode != modeNone && rep.Unknown < rep.Queues)
	if d.broadcasting && d.mode == modeNone && d.unread.conn == "" {
		// No allocation to check: every member consumes every queue of
		// its subscription (RebalanceImpl's BROADCASTING case), and the
		// brokers keep no offset to show it (consumerProgress: CODE 206).
		rep.Judged = true
		rep.OK = !slices.ContainsFunc(rep.Findings, func(f Finding) bool { return f.Level == LevelError })
		rep.Verdict = "The group is BROADCASTING: every member consumes every queue of its subscription (" + plural(len(d.g.members), "member", "members") + ", " + plural(rep.Queues, "queue", "queues") + "); there is no allocation to check."
	}
	if d.broadcasting && d.mode != modeNone && rep.Judged && rep.OK && rep.Unknown == 0 && len(d.unread.members) == 0 {
		// Every queue is held by every member, as it should be: say so in
		// the group's own terms, not as strategies' shares.
		rep.Verdict = "OK: the group is BROADCASTING and every member consumes every queue of its subscription (" + plural(len(d.g.members), "member", "members") + ", " + plural(rep.Queues, "queue", "queues") + ")."
	}
	if !rep.Judged {
		rep.OK = false
	}
	return rep, d, nil
}

func (d *diagnosis) ownerMode() ownerMode {
	// Status files name owners by client ID; the members with none are
	// filled from #Client IP where it tells them apart (fillUnread).
	ipInfo := d.in.prog != nil && d.in.prog.HasClientIP
	switch {
	case len(d.in.status) > 0:
		return modeCID
	case ipInfo:
		return modeIP
	}
	return modeNone
}

func (d *diagnosis) isBroadcasting() bool {
	if d.in.conn.MessageModel == "BROADCASTING" {
		return true
	}
	for _, m := range d.g.members {
		if m.messageModel == "BROADCASTING" {
			return true
		}
	}
	return false
}

// label is how an owner is named in actual and compared: the client ID,
// or its IP when only IPs are known.
func (d *diagnosis) label(cid string) string {
	if d.mode == modeIP {
		return ipOf(cid)
	}
	return cid
}

// strategyIndex is the index in d.strats of name (with MACHINE_ROOM's
// rooms) as profile runs it.
func (d *diagnosis) strategyIndex(name, profile string, rooms []string) (int, error) {
	k := [2]string{name + "\x00" + strings.Join(rooms, "\x00"), profile}
	if i, ok := d.stratIdx[k]; ok {
		return i, nil
	}
	s, err := buildStrategy(name, profile, rooms)
	if err != nil {
		return 0, err
	}
	d.strats = append(d.strats, s)
	d.stratIdx[k] = len(d.strats) - 1
	return len(d.strats) - 1, nil
}

// share runs each view over queues and cidAll, sorted as each client
// sorts: the result's Combined.Queues are queues in Java order.
func (d *diagnosis) share(queues []alloc.MessageQueue, cidAll []string, views []analysis.View) (*analysis.ViewsResult, error) {
	return analysis.Views(d.strats, queues, cidAll, views, analysis.Options{})
}
