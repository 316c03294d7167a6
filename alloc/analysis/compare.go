package analysis

import (
	"strconv"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/candidate"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
)

// CompareGroup is the group Compare measures: Queues queues spread evenly
// over Brokers brokers (broker-a, broker-b, ...; topic TopicTest) and
// Members consumers (CompareMember(1..Members), the IDs `rmqalloc plan
// --consumers N` makes).
type CompareGroup struct {
	Queues  int `json:"queues"`
	Brokers int `json:"brokers"`
	Members int `json:"members"`
}

// Named is a strategy with the label a comparison prints for it.
type Named struct {
	Label    string
	Strategy alloc.Strategy
}

// CompareStrategies is the published set: Java's AVG, AVG_BY_CIRCLE and
// CONSISTENT_HASH (10 virtual nodes; 4.9.3 and 5.3.3 allocate these alike),
// the Go client's, and the candidates of package candidate.
//
// MACHINE_ROOM and MACHINE_ROOM_NEARBY are left out: in a group with one
// room NEARBY is its inner strategy, and MACHINE_ROOM's movement is that of
// AVG over the kept queues. CONFIG is left out: it computes nothing, so it
// moves nothing, and a queue added is consumed by nobody until configured.
func CompareStrategies() []Named {
	return []Named{
		{"java AVG", alloc.Averagely()},
		{"java AVG_BY_CIRCLE", alloc.ByCircle()},
		{"java CONSISTENT_HASH vn=10", alloc.ConsistentHash(10)},
		{"go AVG", goclient.Averagely()},
		{"go AVG_BY_CIRCLE", goclient.ByCircle()},
		{"go CONSISTENT_HASH vn=10", goclient.ConsistentHash(10)},
		{"RENDEZVOUS", candidate.Rendezvous()},
		{"BOUNDED_LOAD vn=10 f=125%", candidate.BoundedLoad(10, 125)},
		{"STICKY", candidate.Sticky()},
	}
}

// Compare's changes, each played from the group's initial state.
const (
	CompareJoin      = "join"      // CompareMember(Members+1) joins
	CompareLeave     = "leave"     // CompareMember(1) leaves cleanly
	CompareRestart   = "restart"   // each member in turn leaves, then rejoins with a new PID (RestartedMember)
	CompareAddBroker = "addBroker" // one more broker with as many queues as the others
	CompareDouble    = "double"    // every broker's queue count doubled
)

// CompareChanges lists Compare's changes in the order of CompareRow.Changes.
var CompareChanges = []string{CompareJoin, CompareLeave, CompareRestart, CompareAddBroker, CompareDouble}

// The double-consumption model (README "Strategies compared"), in seconds.
const (
	// OffsetPersistSeconds: consumers commit offsets every 5 s
	// (persistConsumerOffsetInterval in Java, _PersistConsumerOffsetInterval
	// in Go). A queue's new owner starts from the committed offset, so it
	// may redo up to 5 s of what the old owner consumed.
	OffsetPersistSeconds = 5
	// RebalanceSeconds: the rebalance timer (RebalanceService's 20 s wait,
	// Go's _RebalanceInterval).
	RebalanceSeconds = 20
	// RoutePollSeconds: how often a client reads the topic route from the
	// name server (pollNameServerInterval).
	RoutePollSeconds = 30
	// MemberWindowSeconds is the window of a queue moved between two live
	// members on a membership change: the broker's notifyConsumerIdsChanged
	// wakes every member's rebalance at once, so only the offset lag is
	// left. (A member that misses the one-way notify rebalances on its timer:
	// add RebalanceSeconds.)
	MemberWindowSeconds = OffsetPersistSeconds
	// RouteWindowSeconds is the window of a queue moved by a route change
	// (broker added, queues changed): nothing notifies, each member learns the
	// route on its own poll and acts on its next timer tick, so the old and
	// new owner may disagree for up to 30 + 20 s, plus the offset lag.
	RouteWindowSeconds = RoutePollSeconds + RebalanceSeconds + OffsetPersistSeconds
)

// CompareRow is one strategy's figures.
type CompareRow struct {
	Label    string `json:"label"`
	Strategy string `json:"strategy"` // Label(strategy)
	// Balance of the initial plan: fewest and most queues of a member, and
	// the average (queues / members).
	Min  int     `json:"min"`
	Max  int     `json:"max"`
	Mean float64 `json:"mean"`
	// Changes, in CompareChanges order.
	Changes []CompareMove `json:"changes"`
	// DupQueueSeconds sums every change's DupQueueSeconds.
	DupQueueSeconds int `json:"dupQueueSeconds"`
	Errors          int `json:"errors"` // member errors over every change
}

// CompareMove is what one change costs one strategy. Moved and MinMoves are
// summed over the change's steps (a restart has two per member); MinMoves
// is the least any balanced assignment needs (Diff.MinMoves).
type CompareMove struct {
	Change   string `json:"change"`
	Moved    int    `json:"moved"`
	MinMoves int    `json:"minMoves"`
	// Overlap counts the moved queues whose old owner keeps running while
	// the new one starts (all but those of a member that left: it stopped
	// and committed its offsets before unregistering).
	Overlap int `json:"overlap"`
	// DupQueueSeconds is Overlap × the change's window (MemberWindowSeconds
	// or RouteWindowSeconds): the worst-case queue-seconds consumed twice.
	DupQueueSeconds int `json:"dupQueueSeconds"`
}

// CompareResult is Compare's answer. Least is, per change (CompareChanges
// order), the fewest queues any balanced plan moves from a balanced plan:
// the newcomer's ⌊n/(c+1)⌋ on a join, the leaver's ⌊n/c⌋ on a leave, twice
// ⌊n/c⌋ per member on a restart, nothing when queues are added (every old
// queue can stay where it is). Each row's MinMoves is the least from that
// strategy's own plan, which is more when the plan was not balanced.
type CompareResult struct {
	Group CompareGroup `json:"group"`
	Least []int        `json:"least"`
	Rows  []CompareRow `json:"rows"`
}

// leastMoves is CompareResult.Least for g.
func leastMoves(g CompareGroup) []int {
	n, c := g.Queues, g.Members
	return []int{n / (c + 1), n / c, 2 * c * (n / c), 0, 0}
}

// CompareMember is the i-th (from 1) generated client ID, as `rmqalloc plan
// --consumers N` names them: 192.168.1.1@4001, 192.168.1.2@4002, ...
func CompareMember(i int) string {
	return "192.168." + strconv.Itoa(1+(i-1)/254) + "." + strconv.Itoa(1+(i-1)%254) + "@" + strconv.Itoa(4000+i)
}

// RestartedMember is member i after a restart: same host, a new PID (a
// Java client's ID is IP@PID, so a restart changes it).
func RestartedMember(i int) string {
	return "192.168." + strconv.Itoa(1+(i-1)/254) + "." + strconv.Itoa(1+(i-1)%254) + "@" + strconv.Itoa(50000+i)
}

// CompareBroker is the i-th (from 0) broker name: broker-a, ..., broker-z,
// broker-aa, ...
func CompareBroker(i int) string {
	s := ""
	for n := i; n >= 0; n = n/26 - 1 {
		s = string(rune('a'+n%26)) + s
	}
	return "broker-" + s
}

// MaxCompareMembers bounds CompareGroup.Members (a restart plays 2 steps per
// member).
const MaxCompareMembers = 1024

// Compare measures each strategy on group g: its balance, and for each of
// CompareChanges the queues it moves, the least a balanced assignment
// moves, and the double consumption that implies. nil strategies means
// CompareStrategies().
//
// Example: 64 queues on 4 brokers, 8 members; a ninth joins: AVG moves 28
// queues where 7 would do, STICKY 10 (see the README's table).
func Compare(g CompareGroup, strategies []Named) (*CompareResult, error) {
	if strategies == nil {
		strategies = CompareStrategies()
	}
	switch {
	case g.Brokers < 1:
		return nil, scenarioError("group.brokers", "must be at least 1, got "+strconv.Itoa(g.Brokers))
	case g.Queues < 1 || g.Queues%g.Brokers != 0:
		return nil, scenarioError("group.queues", "must be a positive multiple of group.brokers ("+strconv.Itoa(g.Brokers)+"), got "+strconv.Itoa(g.Queues))
	case g.Queues > MaxScenarioQueues/2:
		return nil, limitError("group.queues", "more than "+strconv.Itoa(MaxScenarioQueues/2)+" (doubling must fit), got "+strconv.Itoa(g.Queues))
	case g.Members < 1 || g.Members > MaxCompareMembers:
		return nil, scenarioError("group.members", "must be from 1 to "+strconv.Itoa(MaxCompareMembers)+", got "+strconv.Itoa(g.Members))
	}
	ss := make([]alloc.Strategy, len(strategies))
	rows := make([]CompareRow, len(strategies))
	for i, n := range strategies {
		if n.Strategy == nil {
			return nil, &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.NullPointerException, Field: "strategies[" + strconv.Itoa(i) + "]", Msg: "strategy is null"}
		}
		ss[i] = n.Strategy
		rows[i] = CompareRow{Label: n.Label, Strategy: Label(n.Strategy)}
	}
	base := Scenario{Topic: "TopicTest", QueuesPerBroker: g.Queues / g.Brokers}
	for b := 0; b < g.Brokers; b++ {
		base.Brokers = append(base.Brokers, CompareBroker(b))
	}
	for m := 1; m <= g.Members; m++ {
		base.Members = append(base.Members, CompareMember(m))
	}
	for _, kind := range CompareChanges {
		sc := base
		window := MemberWindowSeconds
		switch kind {
		case CompareJoin:
			sc.Changes = []Change{{Kind: ChangeJoin, Members: []string{CompareMember(g.Members + 1)}}}
		case CompareLeave:
			sc.Changes = []Change{{Kind: ChangeLeave, Members: []string{CompareMember(1)}}}
		case CompareRestart:
			for m := 1; m <= g.Members; m++ {
				sc.Changes = append(sc.Changes,
					Change{Kind: ChangeLeave, Members: []string{CompareMember(m)}},
					Change{Kind: ChangeJoin, Members: []string{RestartedMember(m)}})
			}
		case CompareAddBroker:
			sc.Changes = []Change{{Kind: ChangeAddBroker, Broker: CompareBroker(g.Brokers)}}
			window = RouteWindowSeconds
		case CompareDouble:
			sc.Changes = []Change{{Kind: ChangeQueues, Queues: 2 * base.QueuesPerBroker}}
			window = RouteWindowSeconds
		}
		res, err := RunScenario(sc, ss, RunOptions{})
		if err != nil {
			return nil, err
		}
		for i := range rows {
			r := &rows[i]
			if kind == CompareJoin { // the initial plan is every scenario's first step
				st := res.Steps[0].Stats[i]
				r.Min, r.Max, r.Mean = st.Min, st.Max, float64(st.Queues)/float64(max(1, st.Members))
			}
			mv := CompareMove{Change: kind}
			for _, step := range res.Steps {
				r.Errors += failures(step.Plans[i])
				if step.Diffs == nil {
					continue
				}
				d := step.Diffs[i]
				mv.Moved += d.Moved
				mv.MinMoves += d.MinMoves
				mv.Overlap += d.Moved - lostByLeavers(d)
			}
			mv.DupQueueSeconds = mv.Overlap * window
			r.Changes = append(r.Changes, mv)
			r.DupQueueSeconds += mv.DupQueueSeconds
		}
	}
	return &CompareResult{Group: g, Least: leastMoves(g), Rows: rows}, nil
}

// lostByLeavers counts the queues members that left held (each moved).
func lostByLeavers(d *Diff) int {
	n := 0
	for _, m := range d.Members {
		if m.InFrom && !m.InTo {
			n += len(m.Lost)
		}
	}
	return n
}
