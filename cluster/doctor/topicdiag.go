package doctor

import (
	"slices"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/analysis"
	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
	"github.com/rmqalloc/rmqalloc/internal/sortx"
)

// topicState is one topic's queues by position: positions below nRoute
// are the subscribe set in Java order (as a Java rebalance sorts it),
// the rest queues only progress or status files name.
type topicState struct {
	tp        *topic
	queues    []alloc.MessageQueue
	nRoute    int
	expected  [][]string             // client IDs, sorted
	actual    [][]string             // labels, sorted; nil entries: no owner info
	dropped   [][]string             // holders that flag the queue droped=true
	rowAt     []*mqadmin.ProgressRow // progress line of each queue, nil if none
	subs      []*member              // members that take part
	views     []analysis.View
	findings  []Finding
	cands     []candidate          // bestFit's runs, for explain
	runs      map[runKey][][]int32 // whole-group runs already made
	ord       *orders              // queues and members sorted per client, on demand
	orphanWhy string               // orphanCause, once worked out
	labelSubs map[string][]int     // subscribers (positions in subs) by label
	excused   map[int]Code         // wrong queues a passing state explains: the finding code
	poppers   [][]string           // per queue, the members that pop it (popowners.go); nil: none pops the topic
	// unknownWhy is, per queue, why its owner could not be read ("" =
	// read): fillUnread.
	unknownWhy []string
}

func (d *diagnosis) topic(tp *topic) (*TopicReport, error) {
	st := &topicState{tp: tp}
	for _, m := range d.g.members {
		if m.subscribes(tp.name) {
			st.subs = append(st.subs, m)
		}
	}
	if err := d.expect(st); err != nil {
		return nil, err
	}
	wait := d.startWholeRuns(st) // runs while the actual owners are worked out
	d.addExtras(st)
	d.actualOwners(st)
	d.popActual(st)
	d.fillUnread(st)
	d.popUnseen(st)
	tr := &TopicReport{Topic: tp.name, Queues: make([]QueueReport, len(st.queues)), LagByConsumer: map[string]int64{}, TopLag: []QueueLag{}, BestFit: []Fit{}}
	for i, q := range st.queues {
		qr := &tr.Queues[i]
		qr.BrokerName, qr.QueueID = q.BrokerName, q.QueueID
		qr.Expected = st.expected[i]
		if qr.Expected == nil {
			qr.Expected = []string{}
		}
		qr.Actual = st.actual[i]
		qr.Status = d.queueStatus(st, i, qr.Expected, qr.Actual)
		if st.unknownWhy[i] != "" {
			qr.Cause = st.unknownWhy[i]
		}
	}
	d.lag(st, tr)
	fits, err := d.bestFit(st, wait)
	if err != nil {
		return nil, err
	}
	tr.BestFit = fits
	d.explain(st, tr)
	d.emptyQueues(st, tr)
	d.stuckConsumers(st, tr)
	d.topicFindings(st, tr)
	tr.Findings = st.findings
	if tr.Findings == nil {
		tr.Findings = []Finding{}
	}
	if len(st.queues) > st.nRoute {
		order := sortx.Perm(len(st.queues), func(a, b int32) int { return alloc.CompareQueues(st.queues[a], st.queues[b]) })
		sorted := make([]QueueReport, len(order))
		for i, p := range order {
			sorted[i] = tr.Queues[p]
		}
		tr.Queues = sorted
	}
	return tr, nil
}

// expect fills st.queues (subscribe set, Java order) and the expected
// owners of each: every subscriber whose own allocate call returns the
// queue. In a BROADCASTING group every subscriber consumes every queue.
func (d *diagnosis) expect(st *topicState) error {
	st.views = make([]analysis.View, len(st.subs))
	for i, m := range st.subs {
		idx, err := d.strategyIndex(m.strategy, m.profile, m.rooms)
		if err != nil {
			return &alloc.TextError{Source: "strategy", Msg: err.Error()}
		}
		st.views[i] = analysis.View{Member: m.cid, Strategy: idx}
	}
	// tp.queues is in Java order already (as a rebalance sorts it).
	st.queues = slices.Clone(st.tp.queues)
	st.nRoute = len(st.queues)
	st.expected = make([][]string, len(st.queues))
	if d.broadcasting {
		for i := range st.expected {
			for _, m := range st.subs {
				st.expected[i] = append(st.expected[i], m.cid)
			}
			slices.Sort(st.expected[i])
		}
		return nil
	}
	shares, errs, err := d.expectedShares(st)
	if err != nil {
		return err
	}
	// one backing array for all the lists: a queue usually has one owner
	count := make([]int32, len(st.queues)+1)
	for _, share := range shares {
		for _, p := range share {
			count[p+1]++
		}
	}
	for i := 1; i < len(count); i++ {
		count[i] += count[i-1]
	}
	flat := make([]string, count[len(st.queues)])
	for i := range st.expected {
		st.expected[i] = flat[count[i]:count[i]:count[i+1]]
	}
	for c, share := range shares {
		for _, p := range share {
			st.expected[p] = append(st.expected[p], st.subs[c].cid)
		}
	}
	for i, e := range st.expected {
		if len(e) > 1 {
			slices.Sort(e)
			st.expected[i] = slices.Compact(e)
		}
	}
	d.popExpected(st)
	var clients, msgs []string
	for c, e := range errs {
		if e == nil {
			continue
		}
		clients = append(clients, st.subs[c].cid)
		if !slices.Contains(msgs, e.Error()) {
			msgs = append(msgs, e.Error())
		}
	}
	if len(clients) > 0 {
		st.findings = append(st.findings, leveled(Finding{Code: CodeAllocateError, Topic: st.tp.name, Clients: clients,
			Message: "the allocate call fails for " + plural(len(clients), "member", "members") + " (" + strings.Join(msgs, "; ") + "): they consume nothing of this topic"}))
	}
	return nil
}

// expectedShares is each subscriber's own share (positions in st.queues)
// and the error its call returns. When all run the same strategy on the
// same client it is one whole-group run, kept for bestFit; otherwise
// analysis.Views runs each member's strategy on its client.
func (d *diagnosis) expectedShares(st *topicState) ([][]int32, []error, error) {
	uniform := len(st.views) > 0
	for _, v := range st.views {
		uniform = uniform && v.Strategy == st.views[0].Strategy
	}
	if uniform {
		m := st.subs[0]
		strat := d.strats[st.views[0].Strategy]
		shares, errs := runWhole(wholeInput{queues: st.queues[:st.nRoute], subs: st.subs}, d.orders(st), strat)
		st.runs = map[runKey][][]int32{{m.strategy, m.profile == profileGo}: shares}
		return shares, errs, nil
	}
	res, err := d.share(st.queues, d.g.cidAll, st.views)
	if err != nil {
		return nil, nil, &alloc.TextError{Source: "strategy", Msg: err.Error()}
	}
	errs := make([]error, len(st.subs))
	for _, e := range analysis.MemberErrors(res.Combined) {
		errs[e.Member] = &alloc.Error{JavaClass: e.JavaClass, Msg: e.Message}
	}
	shares := make([][]int32, len(res.Combined.Members()))
	for m := range shares {
		shares[m] = res.Combined.MemberShare(m)
	}
	return shares, errs, nil
}

// addExtras appends the queues the progress or a status file names but the
// route does not offer for reading, and finds each queue's progress line.
func (d *diagnosis) addExtras(st *topicState) {
	st.rowAt = make([]*mqadmin.ProgressRow, len(st.queues))
	matched := 0
	if len(st.tp.rows) > 0 {
		for i, q := range st.queues {
			if st.rowAt[i] = st.tp.rows[bkey{q.BrokerName, q.QueueID}]; st.rowAt[i] != nil {
				matched++
			}
		}
	}
	seen := map[bkey]bool{}
	var extra []alloc.MessageQueue
	addq := func(broker string, id int32) {
		k := bkey{broker, id}
		if !st.tp.inRoute[k] && !seen[k] {
			seen[k] = true
			extra = append(extra, alloc.MessageQueue{Topic: st.tp.name, BrokerName: broker, QueueID: id})
		}
	}
	if matched < len(st.tp.rows) {
		for k := range st.tp.rows {
			addq(k.broker, k.id)
		}
	}
	for _, m := range d.g.members {
		for k := range m.holds {
			if k.topic == st.tp.name {
				addq(k.broker, k.id)
			}
		}
	}
	for _, sf := range d.in.status {
		for _, q := range sf.info.PopQueues {
			if q.Topic == st.tp.name && q.QueueID >= 0 && d.g.byCID[sf.cid] != nil {
				addq(q.BrokerName, q.QueueID)
			}
		}
	}
	for _, sf := range d.g.orphanSts {
		for _, q := range sf.info.Queues {
			if q.Topic == st.tp.name {
				addq(q.BrokerName, q.QueueID)
			}
		}
	}
	sortQueues(extra)
	st.queues = append(st.queues, extra...)
	for _, q := range extra {
		st.expected = append(st.expected, []string{})
		st.rowAt = append(st.rowAt, st.tp.rows[bkey{q.BrokerName, q.QueueID}])
	}
}

// actualOwners fills st.actual: status files' holders (client IDs), else
// the progress #Client IP, else nil (no owner information).
func (d *diagnosis) actualOwners(st *topicState) {
	st.actual = make([][]string, len(st.queues))
	st.dropped = make([][]string, len(st.queues))
	if d.mode == modeNone {
		return
	}
	empty := []string{}
	for i := range st.actual {
		st.actual[i] = empty[:0:0]
	}
	if d.mode == modeIP {
		ips := make([]string, len(st.queues)) // one backing array, one IP a queue
		for i, row := range st.rowAt {
			if row != nil && row.ClientIP != "" && row.ClientIP != "N/A" {
				ips[i] = row.ClientIP
				st.actual[i] = ips[i : i+1 : i+1]
			}
		}
	}
	if len(d.in.status) == 0 {
		return
	}
	pos := newQueueIndex(st.queues)
	first := make([]string, len(st.queues)) // one backing array for the first owners
	for k := range d.in.status {
		sf := &d.in.status[k]
		for _, q := range sf.info.Queues {
			if q.Topic != st.tp.name {
				continue
			}
			i, ok := pos.find(q.BrokerName, q.QueueID)
			if !ok {
				continue
			}
			if d.mode == modeCID && !slices.Contains(st.actual[i], sf.cid) {
				if len(st.actual[i]) == 0 {
					first[i] = sf.cid
					st.actual[i] = first[i : i+1 : i+1]
				} else {
					st.actual[i] = append(st.actual[i], sf.cid) // a copy: the capacity is 1
				}
			}
			if q.Dropped {
				st.dropped[i] = append(st.dropped[i], sf.cid)
			}
		}
	}
	for _, a := range st.actual {
		if len(a) > 1 {
			slices.Sort(a)
		}
	}
}

// status classifies a queue by its expected and actual owners (compared by
// label: client ID, or IP in IP mode).
func (d *diagnosis) status(expected, actual []string) string {
	if actual == nil {
		return StatusUnknown
	}
	if d.broadcasting {
		return d.broadcastStatus(expected, actual)
	}
	switch {
	case d.holders(expected, actual) >= 2:
		return StatusDoubleOwned
	case len(actual) == 1 && len(expected) == 0:
		return StatusUnexpectedOwner
	case len(actual) == 1 && d.sameLabels(expected, actual):
		return StatusOK
	case len(actual) == 1:
		return StatusWrongOwner
	case len(expected) > 0:
		return StatusUnowned
	}
	return StatusUnassigned
}

// holders is how many consumer processes hold a queue whose owners are
// labelled actual. The processes sharing a duplicate client ID all make
// the same allocate call, so what one of them holds (the one status file
// or progress line the broker shows for the ID) each of them holds.
func (d *diagnosis) holders(expected, actual []string) int {
	if len(d.g.cidAll) == len(d.g.members) {
		return len(actual) // no client ID is listed twice
	}
	n := 0
	for _, a := range actual {
		n += d.processesHolding(a, expected)
	}
	return n
}

// processesHolding is how many processes the owner label a stands for. In
// IP mode one IP may label several members, so only an expected owner's
// duplicate ID is known to be the holder.
func (d *diagnosis) processesHolding(a string, expected []string) int {
	if d.mode == modeCID {
		if m := d.g.byCID[a]; m != nil && len(m.conns) > 1 {
			return len(m.conns)
		}
		return 1
	}
	for _, e := range expected {
		if m := d.g.byCID[e]; m != nil && len(m.conns) > 1 && d.label(e) == a {
			return len(m.conns)
		}
	}
	return 1
}

// sameLabels: the expected client IDs, as labels, are exactly actual (a
// sorted set of labels).
func (d *diagnosis) sameLabels(expected, actual []string) bool {
	if d.mode != modeIP {
		return slices.Equal(expected, actual)
	}
	for _, e := range expected {
		if !slices.Contains(actual, ipOf(e)) {
			return false
		}
	}
	for _, a := range actual {
		found := false
		for _, e := range expected {
			found = found || ipOf(e) == a
		}
		if !found {
			return false
		}
	}
	return len(expected) > 0 || len(actual) == 0
}

// topLagSize is how many queues TopLag lists.
const topLagSize = 10

// lagging is a queue (position) and its #Diff.
type lagging struct {
	pos  int
	diff int64
}

// lag fills LagByConsumer (sum of #Diff of each owner's queues) and TopLag
// (the ten queues with the largest #Diff above zero, largest first; equal
// diffs in queue order).
func (d *diagnosis) lag(st *topicState, tr *TopicReport) {
	top := make([]lagging, 0, topLagSize+1)
	for i, row := range st.rowAt {
		if row == nil {
			continue
		}
		for _, a := range st.actual[i] {
			tr.LagByConsumer[a] += row.Diff
		}
		if row.Diff > 0 && (len(top) < topLagSize || row.Diff > top[len(top)-1].diff) {
			top = insertLag(top, lagging{i, row.Diff})
		}
	}
	for _, l := range top {
		q := st.queues[l.pos]
		tr.TopLag = append(tr.TopLag, QueueLag{BrokerName: q.BrokerName, QueueID: q.QueueID, Diff: l.diff, Actual: st.actual[l.pos]})
	}
}

// insertLag puts l into top (sorted by diff, largest first, at most
// topLagSize long) after the entries with an equal or larger diff.
func insertLag(top []lagging, l lagging) []lagging {
	at := len(top)
	for at > 0 && top[at-1].diff < l.diff {
		at--
	}
	top = slices.Insert(top, at, l)
	if len(top) > topLagSize {
		top = top[:topLagSize]
	}
	return top
}
