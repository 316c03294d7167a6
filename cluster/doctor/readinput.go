package doctor

import (
	"errors"
	"strconv"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/route"
	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
)

// texts is the input, read.
type texts struct {
	routes     []*route.Route
	routeTopic []string // as given; "" = to be found
	routeBox   []string
	conn       *mqadmin.Connection
	prog       *mqadmin.Progress // nil: no progress given
	status     []statusFile
	offline    bool   // the connection box is the "not online" failure
	offlineOf  string // the group that failure names ("" = none)
	progFailed bool   // the progress box is the 5.x-against-4.x failure
	// What the cluster failed to answer (clusterfail.go): the connection
	// list (nothing is known of the members), consumerProgress (all of
	// it when prog is nil, else the brokers named), consumerStatus.
	topicStatus []topicStatusRead
	connErrs    []clusterError
	progErrs    []clusterError
	statusErrs  []clusterError
}

// topicStatusRead is one topicStatus, read, and its topic ("" = the
// first route's).
type topicStatusRead struct {
	topic  string
	status *mqadmin.TopicStatus
}

// statusFile is one consumerStatus text, read, with the client it is for.
type statusFile struct {
	box  string
	name string
	info *mqadmin.RunningInfo
	cid  string // resolved in members
}

// readInput parses every box; the first unreadable one is the error.
func readInput(in Input) (*texts, error) {
	t := &texts{}
	if len(in.Routes) == 0 {
		return nil, &alloc.TextError{Source: "route", Msg: "no route given: paste the output of mqadmin topicRoute -t TOPIC"}
	}
	for i, rt := range in.Routes {
		box := "route"
		if len(in.Routes) > 1 {
			box = "route[" + strconv.Itoa(i) + "]"
		}
		r := rt.Route
		if r == nil {
			var err error
			if r, err = mqadmin.ParseTopicRoute(rt.Text); err != nil {
				return nil, boxError(box, err)
			}
		}
		t.routes = append(t.routes, r)
		t.routeTopic = append(t.routeTopic, strings.TrimSpace(rt.Topic))
		t.routeBox = append(t.routeBox, box)
	}
	switch {
	case in.ParsedConnection != nil:
		t.conn = in.ParsedConnection
	case strings.TrimSpace(in.Connection) == "":
		return nil, &alloc.TextError{Source: "connection", Msg: "no connection list given: paste the output of mqadmin consumerConnection -g GROUP"}
	default:
		if err := t.readConnection(in.Connection); err != nil {
			return nil, err
		}
	}
	if in.ParsedProgress != nil {
		t.prog = in.ParsedProgress
	} else if err := t.readProgress(in.Progress); err != nil {
		return nil, err
	}
	if strings.TrimSpace(in.ProgressErr) != "" {
		t.progErrs = append(t.progErrs, readClusterErrors(in.ProgressErr)...)
	}
	t.statusErrs = readClusterErrors(in.StatusErr)
	for i, ts := range in.TopicStatus {
		st := ts.Status
		if st == nil && (strings.TrimSpace(ts.Text) == "" || len(commandFailure(ts.Text, "#Broker")) > 0) {
			continue // optional: a topicStatus that failed (or was not run) only shows less
		}
		if st == nil {
			var err error
			if st, err = mqadmin.ParseTopicStatus(ts.Text); err != nil {
				return nil, boxError("topicStatus["+strconv.Itoa(i)+"]", err)
			}
		}
		t.topicStatus = append(t.topicStatus, topicStatusRead{topic: strings.TrimSpace(ts.Topic), status: st})
	}
	for i, st := range in.Status {
		box := "status[" + strconv.Itoa(i) + "]"
		ri := st.Info
		if ri == nil {
			var err error
			if ri, err = mqadmin.ParseConsumerStatus(st.Text); err != nil {
				e := boxError(box, err)
				if st.Name != "" {
					e.Msg += " (file " + strconv.Quote(st.Name) + ")"
				}
				return nil, e
			}
		}
		name := strings.TrimSpace(st.Name)
		if name == "" && (ri.Properties["clientIP"] == "" || ri.Properties["instanceName"] == "") {
			return nil, &alloc.TextError{Source: box, Line: 1, Msg: "cannot tell which client this status is for: it has no clientIP and instanceName properties; give it the client ID as its name"}
		}
		t.status = append(t.status, statusFile{box: box, name: name, info: ri})
	}
	return t, nil
}

// readConnection reads the connection box: the list, or the offline
// group's failure.
func (t *texts) readConnection(text string) error {
	if f, ok := readFailure(text); ok && f.offline() {
		t.offline = true
		t.offlineOf = f.group()
		t.conn = &mqadmin.Connection{Clients: []mqadmin.ClientConn{}, Subscriptions: []mqadmin.Subscription{}}
		return nil
	}
	if errs := commandFailure(text, "#ClientId"); len(errs) > 0 {
		// The cluster's own failure (no answer, ACL): nothing is known of
		// the members, which the report says (exit 3), not bad input.
		t.connErrs = errs
		t.conn = &mqadmin.Connection{Clients: []mqadmin.ClientConn{}, Subscriptions: []mqadmin.Subscription{}}
		return nil
	}
	c, err := mqadmin.ParseConsumerConnection(text)
	if err != nil {
		return boxError("connection", err)
	}
	t.conn = c
	return nil
}

// readProgress reads the progress box: none, the outputs, or the 5.x
// mqadmin's failure against 4.x brokers.
func (t *texts) readProgress(text string) error {
	if f, ok := readFailure(text); ok && f.unsupportedProgress() {
		t.progFailed = true
	} else if errs := commandFailure(text, "#Topic"); len(errs) > 0 {
		t.progErrs = errs // none of the progress was read
	} else if strings.TrimSpace(text) != "" {
		p, err := parseProgresses(text)
		if err != nil {
			return err
		}
		t.prog = p
	}
	return nil
}

// parseProgresses reads one consumerProgress output, or several one after
// another (the per-topic -t TOPIC -c CLUSTER form, run once per topic):
// their rows together. Each output starts at its header line.
func parseProgresses(text string) (*mqadmin.Progress, error) {
	lines := strings.SplitAfter(text, "\n")
	var starts []int
	for i, l := range lines {
		if f := strings.TrimSpace(l); strings.HasPrefix(f, "#Topic") && strings.Contains(f, "#QID") {
			starts = append(starts, i)
		}
	}
	if len(starts) < 2 {
		p, err := mqadmin.ParseConsumerProgress(text)
		if err != nil {
			return nil, boxError("progress", err)
		}
		return p, nil
	}
	starts[0] = 0 // lines before the first header go with the first output
	var all *mqadmin.Progress
	for k, s := range starts {
		end := len(lines)
		if k+1 < len(starts) {
			end = starts[k+1]
		}
		p, err := mqadmin.ParseConsumerProgress(strings.Join(lines[s:end], ""))
		if err != nil {
			e := boxError("progress", err)
			if e.Line > 0 {
				e.Line += s
			}
			return nil, e
		}
		for i := range p.Rows {
			p.Rows[i].Line += s
		}
		if all == nil {
			all = p
			continue
		}
		all.HasClientIP = all.HasClientIP && p.HasClientIP
		all.Rows = append(all.Rows, p.Rows...)
		if all.DiffTotal != nil && p.DiffTotal != nil {
			n := *all.DiffTotal + *p.DiffTotal
			all.DiffTotal = &n
		}
	}
	return all, nil
}

// commandFailure: the failures text shows when it is mqadmin's error
// instead of the output whose header is header; nil when it is an output
// (or neither, which the parser then refuses).
func commandFailure(text, header string) []clusterError {
	if strings.Contains(text, header) {
		return nil
	}
	return readClusterErrors(text)
}

// boxError turns a parser's error into an *alloc.TextError for box: the
// parser's own place, the box as its source.
func boxError(box string, err error) *alloc.TextError {
	var pe *alloc.TextError
	if errors.As(err, &pe) {
		return &alloc.TextError{Source: box, Line: pe.Line, Column: pe.Column, Msg: pe.Msg}
	}
	var ae *alloc.Error
	if errors.As(err, &ae) {
		return &alloc.TextError{Source: box, Msg: ae.Field + ": " + ae.Msg}
	}
	return &alloc.TextError{Source: box, Msg: err.Error()}
}
