package doctor

import (
	"slices"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/route"
	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
)

// Widths consumerProgress cuts names to (frontStringAtLeast).
const (
	progressTopicWidth  = 64
	progressBrokerWidth = 32
)

// topic is one topic of the group with its queues and progress rows.
type topic struct {
	name     string
	route    *route.Route // nil: no route given (queues from progress/status)
	routeBox string
	queues   []alloc.MessageQueue          // subscribe set, Java order
	inRoute  map[bkey]bool                 // the subscribe set
	rows     map[bkey]*mqadmin.ProgressRow // by full broker name and queue ID
}

// topics finds the group's topics: those of the routes, of the
// subscription, of the status files and of the progress, keeping those
// that have queues.
func (d *diagnosis) topics() ([]*topic, error) {
	t := d.in
	byName := map[string]*topic{}
	var order []*topic
	add := func(name string) *topic {
		if tp, ok := byName[name]; ok {
			return tp
		}
		tp := &topic{name: name, inRoute: map[bkey]bool{}, rows: map[bkey]*mqadmin.ProgressRow{}}
		byName[name] = tp
		order = append(order, tp)
		return tp
	}
	subscribed := d.subscribedTopics()
	names, err := d.routeTopics(subscribed)
	if err != nil {
		return nil, err
	}
	for i, r := range t.routes {
		if names[i] == "" {
			continue // left out, said (routeTopics)
		}
		tp := add(names[i])
		if tp.route != nil {
			return nil, &alloc.TextError{Source: t.routeBox[i], Msg: "a second route for topic " + quote(tp.name) + " (" + tp.routeBox + " is one already)"}
		}
		tp.route, tp.routeBox = r, t.routeBox[i]
		qs, err := r.SubscribeQueues(tp.name)
		if err != nil {
			return nil, boxError(t.routeBox[i], err)
		}
		tp.queues = qs
		for _, q := range qs {
			tp.inRoute[bkey{q.BrokerName, q.QueueID}] = true
		}
	}
	for _, s := range subscribed {
		add(s)
	}
	known := make([]string, 0, len(order))
	for _, tp := range order {
		known = append(known, tp.name)
	}
	if t.prog != nil {
		if err := d.attachRows(byName, known, add, len(subscribed) > 0); err != nil {
			return nil, err
		}
	}
	var out []*topic
	for _, tp := range order {
		if err := checkRowsAgainstRoute(tp); err != nil {
			return nil, err
		}
		if tp.route == nil {
			tp.queues = d.queuesWithoutRoute(tp)
		}
		retry := strings.HasPrefix(tp.name, "%RETRY%")
		switch {
		case len(tp.queues) > 0 || len(tp.rows) > 0:
			out = append(out, tp)
			if tp.route == nil && !retry {
				d.noRoute = append(d.noRoute, leveled(Finding{Code: CodeNoRoute, Topic: tp.name,
					Message: "no route was given for " + tp.name + ": its queues are taken from consumerProgress and the status files, so queues the group never consumed and read permissions are not known. Add mqadmin topicRoute -t " + tp.name}))
			}
		case !retry:
			d.noRoute = append(d.noRoute, leveled(Finding{Code: CodeNotDiagnosed, Topic: tp.name,
				Message: "the group subscribes to " + tp.name + " but no route or offsets of it were given: not diagnosed. Add mqadmin topicRoute -t " + tp.name}))
		}
	}
	return out, nil
}

// subscribedTopics are the topics of the connection's subscription table,
// then those only status files name.
func (d *diagnosis) subscribedTopics() []string {
	var out []string
	for _, s := range d.in.conn.Subscriptions {
		if !slices.Contains(out, s.Topic) {
			out = append(out, s.Topic)
		}
	}
	for _, sf := range d.in.status {
		for _, s := range sf.info.Subscriptions {
			if !slices.Contains(out, s.Topic) {
				out = append(out, s.Topic)
			}
		}
	}
	return out
}

// routeTopics names the topic of every route: as given, else the one
// subscribed (non-retry) topic no named route covers, else the one whose
// progress queues are exactly the route's readable queues.
func (d *diagnosis) routeTopics(subscribed []string) ([]string, error) {
	t := d.in
	names := slices.Clone(t.routeTopic)
	var open []string
	for _, s := range subscribed {
		if !strings.HasPrefix(s, "%RETRY%") && !strings.HasPrefix(s, "%DLQ%") && !slices.Contains(names, s) {
			open = append(open, s)
		}
	}
	if len(open) == 0 && t.prog != nil {
		for _, r := range t.prog.Rows {
			if !strings.HasPrefix(r.Topic, "%RETRY%") && !slices.Contains(open, r.Topic) && !slices.Contains(names, r.Topic) {
				open = append(open, r.Topic)
			}
		}
	}
	unnamed := 0
	for _, n := range names {
		if n == "" {
			unnamed++
		}
	}
	for i, n := range names {
		if n != "" {
			continue
		}
		switch {
		case unnamed == 1 && len(open) == 1:
			names[i] = open[0]
		default:
			names[i] = d.matchRouteToProgress(t.routes[i], open)
		}
		if names[i] == "" {
			if why := d.unread.topicSources(); why != "" && len(open) == 0 {
				// The reads that would have named it failed: the group
				// cannot be judged anyway (exit 3), and the route is left
				// out rather than the whole capture refused.
				which := "the route"
				if t.routeBox[i] != "route" {
					which += " " + t.routeBox[i]
				}
				d.noRoute = append(d.noRoute, leveled(Finding{Code: CodeNotDiagnosed,
					Message: which + " was not used: nothing read names the group's topics (" + why + "), so it cannot be tied to a topic. Name its topic with the route to see its queues"}))
				continue
			}
			msg := "cannot tell which topic this route is for"
			if len(open) > 0 {
				msg += " (the group consumes " + strings.Join(open, ", ") + ")"
			}
			return nil, &alloc.TextError{Source: t.routeBox[i], Msg: msg + ": name the topic with the route"}
		}
		open = slices.DeleteFunc(open, func(s string) bool { return s == names[i] })
	}
	return names, nil
}

// matchRouteToProgress is the one candidate topic whose progress rows
// name exactly the route's readable queues (by broker prefix); "" if none
// or several.
func (d *diagnosis) matchRouteToProgress(r *route.Route, candidates []string) string {
	if d.in.prog == nil {
		return ""
	}
	want := map[string]int32{}
	for _, qd := range r.QueueDatas {
		if qd.Perm&route.PermRead != 0 && qd.ReadQueueNums > 0 {
			want[qd.BrokerName] = max(want[qd.BrokerName], qd.ReadQueueNums)
		}
	}
	found := ""
	for _, c := range candidates {
		got := map[string]int32{}
		for _, row := range d.in.prog.Rows {
			if row.Topic == c || (len(row.Topic) == progressTopicWidth && strings.HasPrefix(c, row.Topic)) {
				got[row.BrokerName] = max(got[row.BrokerName], row.QueueID+1)
			}
		}
		same := len(got) == len(want)
		for b, n := range got {
			same = same && want[b] == n
		}
		if same && len(got) > 0 {
			if found != "" {
				return ""
			}
			found = c
		}
	}
	return found
}

// attachRows files every progress row under its topic, matching topic
// names cut to 64 characters and broker names cut to 32 by prefix.
func (d *diagnosis) attachRows(byName map[string]*topic, known []string, add func(string) *topic, haveSubscription bool) error {
	topicOf := map[string]string{}
	brokerOf := map[[2]string]string{}
	rows := d.in.prog.Rows
	var lastTopic, lastFull string // rows come sorted: most repeat the previous topic
	for i := range rows {
		row := &rows[i]
		full, ok := lastFull, row.Topic == lastTopic && lastTopic != ""
		if !ok {
			full, ok = topicOf[row.Topic]
		}
		if !ok {
			var err error
			if full, err = resolveName(row.Topic, known, progressTopicWidth); err != nil {
				return &alloc.TextError{Source: "progress", Line: row.Line, Column: 1, Msg: "topic " + err.Error()}
			}
			topicOf[row.Topic] = full
		}
		lastTopic, lastFull = row.Topic, full
		tp, ok := byName[full]
		if !ok {
			if haveSubscription {
				d.notSubscribed[full] = append(d.notSubscribed[full], row.Line)
				continue
			}
			tp = add(full)
		}
		bk := [2]string{full, row.BrokerName}
		broker, ok := brokerOf[bk]
		if !ok {
			var err error
			if broker, err = resolveName(row.BrokerName, tp.brokers(), progressBrokerWidth); err != nil {
				return &alloc.TextError{Source: "progress", Line: row.Line, Msg: "broker name " + err.Error()}
			}
			brokerOf[bk] = broker
		}
		k := bkey{broker, row.QueueID}
		if prev, dup := tp.rows[k]; dup {
			return &alloc.TextError{Source: "progress", Line: row.Line, Msg: "queue " + broker + "/" + itoa(int(row.QueueID)) + " of " + full + " is listed twice (also on line " + itoa(prev.Line) + ")"}
		}
		tp.rows[k] = row
	}
	return nil
}

type nameError string

func (e nameError) Error() string { return string(e) }

// resolveName maps a printed name to its full name among known: itself
// when known or shorter than width; else the one known name it is a
// prefix of (the tool cut it).
func resolveName(printed string, known []string, width int) (string, error) {
	if len(printed) < width || slices.Contains(known, printed) {
		return printed, nil
	}
	var hits []string
	for _, k := range known {
		if strings.HasPrefix(k, printed) && !slices.Contains(hits, k) {
			hits = append(hits, k)
		}
	}
	switch len(hits) {
	case 0:
		return printed, nil
	case 1:
		return hits[0], nil
	}
	return "", nameError(quote(printed) + " was cut to " + itoa(width) + " characters and matches several names: " + strings.Join(hits, ", "))
}

// brokers are the broker names the topic's route knows.
func (tp *topic) brokers() []string {
	if tp.route == nil {
		return nil
	}
	var out []string
	for _, qd := range tp.route.QueueDatas {
		out = append(out, qd.BrokerName)
	}
	for _, bd := range tp.route.BrokerDatas {
		out = append(out, bd.BrokerName)
	}
	return out
}

// queuesWithoutRoute is the subscribe set of a topic without a route (the
// retry topic, usually): the queues its progress rows and status files
// name.
func (d *diagnosis) queuesWithoutRoute(tp *topic) []alloc.MessageQueue {
	seen := map[qkey]bool{}
	var qs []alloc.MessageQueue
	addq := func(k qkey) {
		if !seen[k] {
			seen[k] = true
			qs = append(qs, alloc.MessageQueue{Topic: k.topic, BrokerName: k.broker, QueueID: k.id})
		}
	}
	for k := range tp.rows {
		addq(qkey{tp.name, k.broker, k.id})
	}
	for _, m := range d.g.members {
		for k := range m.holds {
			if k.topic == tp.name {
				addq(k)
			}
		}
	}
	sortQueues(qs)
	for _, q := range qs {
		tp.inRoute[bkey{q.BrokerName, q.QueueID}] = true
	}
	return qs
}
