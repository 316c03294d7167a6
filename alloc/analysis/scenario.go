package analysis

import (
	"slices"
	"strconv"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// Change kinds of a scenario step.
const (
	ChangeJoin         = "join"         // Members join the group
	ChangeLeave        = "leave"        // Members leave cleanly (unregister)
	ChangeCrash        = "crash"        // Members die but stay listed until the broker notices
	ChangeQueues       = "queues"       // every broker gets Queues queues
	ChangeAddBroker    = "addBroker"    // Broker is added with Queues queues (0: the current count)
	ChangeRemoveBroker = "removeBroker" // Broker and its queues go away
)

// MaxScenarioQueues bounds the queues of a scenario step; a change that
// would exceed it is refused with an error naming the change.
const MaxScenarioQueues = 1 << 22

// Scenario is a topic and a group followed by a sequence of changes. The
// topic's queues are QueuesPerBroker queues (IDs 0..n-1) on each of
// Brokers.
type Scenario struct {
	Topic           string   `json:"topic"`
	Brokers         []string `json:"brokers"`
	QueuesPerBroker int      `json:"queuesPerBroker"`
	Members         []string `json:"members"`
	Changes         []Change `json:"changes"`
}

// Change is one step of a scenario.
type Change struct {
	Kind    string   `json:"kind"` // one of the Change* constants
	Members []string `json:"members,omitempty"`
	Broker  string   `json:"broker,omitempty"`
	Queues  int      `json:"queues,omitempty"`
}

// ScenarioResult holds, per step (the initial state, then one per change),
// every strategy's plan side by side, and per strategy the totals.
type ScenarioResult struct {
	Strategies []string         `json:"strategies"` // Label of each strategy
	Steps      []Step           `json:"steps"`
	Totals     []ScenarioTotals `json:"totals"` // per strategy
}

// Step is the state after one change and what each strategy makes of it.
// Plans[s], Stats[s] and Diffs[s] belong to Strategies[s]; Diffs is nil
// for the initial step. Every plan is alloc.Rebalance's (unless
// RunOptions.AsGiven) over the same queues and members. A crashed member
// is still listed, so it is in the plan and its queues are Unconsumed[s]
// until it leaves.
type Step struct {
	Change     Change        `json:"change"` // zero Kind for the initial step
	Queues     int           `json:"queues"`
	Members    []string      `json:"members"` // listed members (cidAll)
	Crashed    []string      `json:"crashed"` // listed but not consuming
	Plans      []*alloc.Plan `json:"-"`
	Stats      []Stats       `json:"stats"` // StatsOf each plan (no rooms)
	Diffs      []*Diff       `json:"diffs,omitempty"`
	Unconsumed []int         `json:"unconsumed"` // per strategy: queues owned only by crashed members or nobody
}

// ScenarioTotals sums one strategy's movement over all steps and its worst
// balance: how far it is from the least movement and from a perfect
// balance (Kafka's sticky assignors aim at both).
type ScenarioTotals struct {
	Strategy      string `json:"strategy"`
	Moved         int    `json:"moved"`
	MinMoves      int    `json:"minMoves"`
	Excess        int    `json:"excess"`        // Moved − MinMoves
	MaxBalanceGap int    `json:"maxBalanceGap"` // worst Stats.BalanceGap of any step
	MaxSpread     int    `json:"maxSpread"`     // worst Max − Min of any step
	MaxOrphaned   int    `json:"maxOrphaned"`   // worst Stats.Orphaned of any step
	Errors        int    `json:"errors"`        // member errors over all steps
}

// RunOptions tunes RunScenario.
type RunOptions struct {
	// AsGiven: see alloc.RebalanceOptions.AsGiven (false: sort, as a
	// rebalance does).
	AsGiven bool
	// Progress, when set, is called after each step with the steps done
	// and the total (len(Changes) + 1).
	Progress func(done, total int)
}

// RunScenario plays sc for every strategy side by side: each step's plans
// and, from the second step on, each plan's Diff against the same
// strategy's previous plan.
//
// Example (see ExampleRunScenario): 2 brokers × 8 queues and 4
// consumers, then a fifth joins: AVG moves 6 queues where 3 would do,
// AVG_BY_CIRCLE 12, Java's CONSISTENT_HASH only the 2 it hands to the
// newcomer (fewer than a balanced assignment needs, since it is not
// balanced: 2..5 queues per consumer).
func RunScenario(sc Scenario, strategies []alloc.Strategy, o RunOptions) (*ScenarioResult, error) {
	sort := !o.AsGiven
	for i, s := range strategies {
		if s == nil {
			return nil, &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.NullPointerException, Field: "strategies[" + strconv.Itoa(i) + "]", Msg: "strategy is null"}
		}
	}
	st, err := newScenarioState(sc)
	if err != nil {
		return nil, err
	}
	res := &ScenarioResult{Strategies: make([]string, len(strategies)), Totals: make([]ScenarioTotals, len(strategies))}
	for i, s := range strategies {
		res.Strategies[i] = Label(s)
		res.Totals[i].Strategy = Label(s)
	}
	total := len(sc.Changes) + 1
	var prevViews []*plan
	for k := 0; k < total; k++ {
		var ch Change
		if k > 0 {
			ch = sc.Changes[k-1]
			if err := st.apply(ch, k-1); err != nil {
				return nil, err
			}
		}
		step, views := st.run(ch, strategies, sort, prevViews)
		prevViews = views
		for i := range strategies {
			t := &res.Totals[i]
			stats := &step.Stats[i]
			t.MaxBalanceGap = max(t.MaxBalanceGap, stats.BalanceGap)
			t.MaxSpread = max(t.MaxSpread, stats.Max-stats.Min)
			t.MaxOrphaned = max(t.MaxOrphaned, stats.Orphaned)
			t.Errors += failures(step.Plans[i])
			if step.Diffs != nil {
				t.Moved += step.Diffs[i].Moved
				t.MinMoves += step.Diffs[i].MinMoves
			}
			t.Excess = t.Moved - t.MinMoves
		}
		res.Steps = append(res.Steps, step)
		if o.Progress != nil {
			o.Progress(k+1, total)
		}
	}
	return res, nil
}

// scenarioState is the topic and group between steps.
type scenarioState struct {
	topic   string
	brokers []string
	counts  []int // queues per broker
	members []string
	crashed map[string]bool
}

func newScenarioState(sc Scenario) (*scenarioState, error) {
	if err := checkQueueCount("scenario.queuesPerBroker", sc.QueuesPerBroker); err != nil {
		return nil, err
	}
	st := &scenarioState{topic: sc.Topic, brokers: slices.Clone(sc.Brokers), members: slices.Clone(sc.Members), crashed: map[string]bool{}}
	for range st.brokers {
		st.counts = append(st.counts, sc.QueuesPerBroker)
	}
	if st.total() > MaxScenarioQueues {
		return nil, limitError("scenario.queuesPerBroker", "more than "+strconv.Itoa(MaxScenarioQueues)+" queues")
	}
	return st, nil
}

// scenarioError is a scenario Java has no counterpart for: no Java class.
func scenarioError(field, msg string) error {
	return &alloc.Error{Kind: alloc.ErrInvalidArgument, Field: field, Msg: msg}
}

// checkQueueCount checks a queue count of a scenario.
func checkQueueCount(field string, n int) error {
	if n < 0 {
		return scenarioError(field, "must not be negative, got "+strconv.Itoa(n))
	}
	if n > MaxScenarioQueues {
		return limitError(field, "more than "+strconv.Itoa(MaxScenarioQueues)+" queues (this package's limit), got "+strconv.Itoa(n))
	}
	return nil
}

// limitError is a scenario beyond this package's size limit.
func limitError(field, msg string) error {
	return &alloc.Error{Kind: alloc.ErrLimit, Field: field, Msg: msg}
}

func (st *scenarioState) apply(ch Change, k int) error {
	field := "scenario.changes[" + strconv.Itoa(k) + "]"
	switch ch.Kind {
	case ChangeJoin:
		st.members = append(st.members, ch.Members...)
		for _, m := range ch.Members {
			delete(st.crashed, m)
		}
	case ChangeLeave:
		gone := map[string]bool{}
		for _, m := range ch.Members {
			gone[m] = true
			delete(st.crashed, m)
		}
		st.members = slices.DeleteFunc(st.members, func(m string) bool { return gone[m] })
	case ChangeCrash:
		for _, m := range ch.Members {
			if slices.Contains(st.members, m) {
				st.crashed[m] = true
			}
		}
	case ChangeQueues:
		if err := checkQueueCount(field+".queues", ch.Queues); err != nil {
			return err
		}
		for b := range st.counts {
			st.counts[b] = ch.Queues
		}
	case ChangeAddBroker:
		if err := checkQueueCount(field+".queues", ch.Queues); err != nil {
			return err
		}
		n := ch.Queues
		if n == 0 && len(st.counts) > 0 {
			n = st.counts[len(st.counts)-1]
		}
		st.brokers = append(st.brokers, ch.Broker)
		st.counts = append(st.counts, n)
	case ChangeRemoveBroker:
		i := slices.Index(st.brokers, ch.Broker)
		if i < 0 {
			return scenarioError(field+".broker", "no broker "+strconv.Quote(ch.Broker))
		}
		st.brokers = slices.Delete(st.brokers, i, i+1)
		st.counts = slices.Delete(st.counts, i, i+1)
	default:
		return scenarioError(field+".kind", "unknown change "+strconv.Quote(ch.Kind)+" (known: join, leave, crash, queues, addBroker, removeBroker)")
	}
	if st.total() > MaxScenarioQueues {
		return limitError(field, "more than "+strconv.Itoa(MaxScenarioQueues)+" queues")
	}
	return nil
}

// total is the number of queues.
func (st *scenarioState) total() int {
	n := 0
	for _, c := range st.counts {
		n += c
	}
	return n
}

func (st *scenarioState) queues() []alloc.MessageQueue {
	qs := make([]alloc.MessageQueue, 0, st.total())
	for b, name := range st.brokers {
		for id := 0; id < st.counts[b]; id++ {
			qs = append(qs, alloc.MessageQueue{Topic: st.topic, BrokerName: name, QueueID: int32(id)})
		}
	}
	return qs
}

// run computes one step: one sorted view, every strategy's plan, and the
// diffs against the previous step's plans (one queue mapping shared by
// all strategies); it returns the plans' working views for the next step.
func (st *scenarioState) run(ch Change, strategies []alloc.Strategy, sort bool, prev []*plan) (Step, []*plan) {
	order, queues, _ := link.Order(st.queues(), sort)
	view, members := link.View("", order, st.members)
	step := Step{Change: ch, Queues: len(queues), Members: slices.Clone(st.members), Crashed: []string{},
		Plans: make([]*alloc.Plan, len(strategies)), Stats: make([]Stats, len(strategies)), Unconsumed: make([]int, len(strategies))}
	dead := make([]bool, len(members))
	for m, cid := range members {
		if st.crashed[cid] {
			dead[m] = true
			step.Crashed = append(step.Crashed, cid)
		}
	}
	views := make([]*plan, len(strategies))
	for i, s := range strategies {
		p := viewOf(link.Plan(view, s))
		views[i] = p
		step.Plans[i] = p.p
		step.Stats[i] = computeStats(p, nil)
		step.Unconsumed[i] = unconsumed(p, dead)
	}
	if len(prev) > 0 {
		qmap := link.Mapping(prev[0].queues, queues)
		step.Diffs = make([]*Diff, len(strategies))
		for i := range strategies {
			step.Diffs[i] = diffWith(prev[i], views[i], qmap)
		}
	}
	return step, views
}

// unconsumed counts the queues with no live owner.
func unconsumed(p *plan, dead []bool) int {
	n := 0
	for i := range p.queues {
		live := false
		for _, m := range p.owners.Of(i) {
			if !dead[m] {
				live = true
				break
			}
		}
		if !live {
			n++
		}
	}
	return n
}
