package doctor

import (
	"errors"
	"strconv"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/mqadmin"
	"github.com/rmqalloc/rmqalloc/alloc/route"
)

// texts is the input, read.
type texts struct {
	routes     []*route.Route
	routeTopic []string // as given; "" = to be found
	routeBox   []string
	conn       *mqadmin.Connection
	prog       *mqadmin.Progress // nil: no progress given
	status     []statusFile
	offline    bool // the connection box is the "not online" failure
	progFailed bool // the progress box is the 5.x-against-4.x failure
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
		return nil, &InputError{Box: "route", Msg: "no route given: paste the output of mqadmin topicRoute -t TOPIC"}
	}
	for i, rt := range in.Routes {
		box := "route"
		if len(in.Routes) > 1 {
			box = "route[" + strconv.Itoa(i) + "]"
		}
		r, err := mqadmin.ParseTopicRoute(rt.Text)
		if err != nil {
			return nil, boxError(box, err)
		}
		t.routes = append(t.routes, r)
		t.routeTopic = append(t.routeTopic, strings.TrimSpace(rt.Topic))
		t.routeBox = append(t.routeBox, box)
	}
	if strings.TrimSpace(in.Connection) == "" {
		return nil, &InputError{Box: "connection", Msg: "no connection list given: paste the output of mqadmin consumerConnection -g GROUP"}
	}
	if f, ok := readFailure(in.Connection); ok {
		if !f.offline() {
			return nil, failureError("connection", f, "consumerConnection -g GROUP")
		}
		t.offline = true
		t.conn = &mqadmin.Connection{Clients: []mqadmin.ClientConn{}, Subscriptions: []mqadmin.Subscription{}}
	} else {
		c, err := mqadmin.ParseConsumerConnection(in.Connection)
		if err != nil {
			return nil, boxError("connection", err)
		}
		t.conn = c
	}
	if f, ok := readFailure(in.Progress); ok {
		if !f.unsupportedProgress() {
			return nil, failureError("progress", f, "consumerProgress -g GROUP -s true")
		}
		t.progFailed = true
	} else if strings.TrimSpace(in.Progress) != "" {
		p, err := parseProgresses(in.Progress)
		if err != nil {
			return nil, err
		}
		t.prog = p
	}
	for i, st := range in.Status {
		box := "status[" + strconv.Itoa(i) + "]"
		ri, err := mqadmin.ParseConsumerStatus(st.Text)
		if err != nil {
			e := boxError(box, err)
			if st.Name != "" {
				e.Msg += " (file " + strconv.Quote(st.Name) + ")"
			}
			return nil, e
		}
		name := strings.TrimSpace(st.Name)
		if name == "" && (ri.Properties["clientIP"] == "" || ri.Properties["instanceName"] == "") {
			return nil, &InputError{Box: box, Line: 1, Msg: "cannot tell which client this status is for: it has no clientIP and instanceName properties; give it the client ID as its name"}
		}
		t.status = append(t.status, statusFile{box: box, name: name, info: ri})
	}
	return t, nil
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

// failureError is a pasted mqadmin failure the doctor has no use for.
func failureError(box string, f failedCommand, cmd string) *InputError {
	return &InputError{Box: box, Msg: "this is mqadmin's error, not the output of " + cmd + ": the broker answered CODE " + itoa(f.code) + " (" + f.desc + ")"}
}

// boxError turns a parser's error into an *InputError for box.
func boxError(box string, err error) *InputError {
	var pe *mqadmin.ParseError
	if errors.As(err, &pe) {
		return &InputError{Box: box, Line: pe.Line, Column: pe.Column, Msg: pe.Msg}
	}
	var ae *alloc.Error
	if errors.As(err, &ae) {
		return &InputError{Box: box, Msg: ae.Field + ": " + ae.Msg}
	}
	return &InputError{Box: box, Msg: err.Error()}
}
