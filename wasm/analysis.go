//go:build rmqfull

package main

import (
	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/analysis"
)

// The analysis operations (alloc/analysis), in the full build only
// (-tags rmqfull: js/rmqalloc-full.wasm, loaded by load({ analysis: true })).
// Requests are binary like every other; results are JSON text (json.go),
// read by JS with JSON.parse, except plan and diff asked for by position
// (analysis_positions.go). Package analysis and the JSON writer cost the
// module about 250 KB, which is why the core build leaves them out.

// build names this build in the meta response (meta.go).
const build = "full"

// readClientStrategy: u8 client, spec.
func readClientStrategy(r *reader) (alloc.Strategy, error) { return readStrategy(r, r.u8()) }

// Scenario sort option (u8): absent, false or true.
const (
	analysisSortDefault = 0
	analysisSortFalse   = 1
	analysisSortTrue    = 2
)

// readOptions: bool sort, u8 has rooms [str sep, i32 brokerField, i32 consumerField].
func readOptions(r *reader) (analysis.Options, error) {
	o := analysis.Options{AsGiven: !r.bool()}
	if r.bool() {
		sep, bf, cf := r.str(), int(r.i32()), int(r.i32())
		if r.err != nil {
			return o, r.err
		}
		res, err := alloc.SplitResolver(sep, bf, cf)
		if err != nil {
			return o, err
		}
		o.Rooms = res
	}
	return o, r.err
}

// readPlan: strategy, qlist queues, strings members, options; the plan
// (alloc.Rebalance) and its statistics (with the options' rooms).
func readPlan(r *reader) (*alloc.Plan, *analysis.Stats, error) {
	s, err := readClientStrategy(r)
	if err != nil {
		return nil, nil, err
	}
	qs, _, _, err := readQueueList(r, "queues")
	if err != nil {
		return nil, nil, err
	}
	members := readStrings(r)
	o, err := readOptions(r)
	if err != nil {
		return nil, nil, err
	}
	p, err := alloc.Rebalance(s, "", qs, members, alloc.RebalanceOptions{AsGiven: o.AsGiven})
	if err != nil {
		return nil, nil, err
	}
	st := analysis.StatsOf(p, o.Rooms)
	return p, &st, nil
}

func readStrategies(r *reader) ([]alloc.Strategy, error) {
	out := make([]alloc.Strategy, r.count(2))
	for i := range out {
		s, err := readClientStrategy(r)
		if err != nil {
			return nil, err
		}
		out[i] = s
	}
	return out, r.err
}

func init() {
	register(opAnalysisPlan, func(r *reader, w *writer) error {
		p, st, err := readPlan(r)
		if err != nil {
			return err
		}
		if positionsRequested(r) {
			writePlanPositions(w, p, st)
			return r.err
		}
		writePlanJSON(jsonw{w}, p, st)
		return nil
	})
	// diff: plan a, plan b → {"from":Plan,"to":Plan,"diff":Diff}.
	register(opAnalysisDiff, func(r *reader, w *writer) error {
		a, as, err := readPlan(r)
		if err != nil {
			return err
		}
		b, bs, err := readPlan(r)
		if err != nil {
			return err
		}
		if positionsRequested(r) {
			writeDiffPositions(w, a, as, b, bs)
			return r.err
		}
		j := jsonw{w}
		j.raw(`{"from":`)
		writePlanJSON(j, a, as)
		j.raw(`,"to":`)
		writePlanJSON(j, b, bs)
		j.raw(`,"diff":`)
		writeDiffJSON(j, analysis.DiffPlans(a, b))
		j.raw("}")
		return nil
	})
	// scenario: str topic, strings brokers, i32 queuesPerBroker, strings
	// members, uvarint n × (str kind, strings members, str broker, i32
	// queues), strategies, u8 sort (analysisSort*).
	register(opAnalysisScenario, func(r *reader, w *writer) error {
		sc := analysis.Scenario{Topic: r.str(), Brokers: readStrings(r), QueuesPerBroker: int(r.i32()), Members: readStrings(r)}
		sc.Changes = make([]analysis.Change, r.count(4))
		for i := range sc.Changes {
			sc.Changes[i] = analysis.Change{Kind: r.str(), Members: readStrings(r), Broker: r.str(), Queues: int(r.i32())}
		}
		ss, err := readStrategies(r)
		if err != nil {
			return err
		}
		var o analysis.RunOptions
		if s := r.u8(); s != analysisSortDefault {
			o.AsGiven = s != analysisSortTrue
		}
		if r.err != nil {
			return r.err
		}
		res, err := analysis.RunScenario(sc, ss, o)
		if err != nil {
			return err
		}
		writeScenarioJSON(jsonw{w}, res)
		return nil
	})
	// views: strategies, qlist queues, strings members, uvarint n × (str
	// member, strings members (null marker), i32 strategy), options.
	register(opAnalysisViews, func(r *reader, w *writer) error {
		ss, err := readStrategies(r)
		if err != nil {
			return err
		}
		qs, _, _, err := readQueueList(r, "queues")
		if err != nil {
			return err
		}
		members := readStrings(r)
		views := make([]analysis.View, r.count(3))
		for i := range views {
			views[i] = analysis.View{Member: r.str(), Members: readStrings(r), Strategy: int(r.i32())}
		}
		o, err := readOptions(r)
		if err != nil {
			return err
		}
		res, err := analysis.Views(ss, qs, members, views, o)
		if err != nil {
			return err
		}
		writeViewsJSON(jsonw{w}, res)
		return nil
	})
	// subscription: strategy, qlist queues, strings members, strings subscribers, options.
	register(opAnalysisSubscription, func(r *reader, w *writer) error {
		s, err := readClientStrategy(r)
		if err != nil {
			return err
		}
		qs, _, _, err := readQueueList(r, "queues")
		if err != nil {
			return err
		}
		members, subs := readStrings(r), readStrings(r)
		o, err := readOptions(r)
		if err != nil {
			return err
		}
		res, err := analysis.Subscription(s, qs, members, subs, o)
		if err != nil {
			return err
		}
		writeViewsJSON(jsonw{w}, res)
		return nil
	})
	// mixed: java strategy, go strategy, qlist queues, uvarint n × (str id,
	// str client), options.
	register(opAnalysisMixed, func(r *reader, w *writer) error {
		java, err := readClientStrategy(r)
		if err != nil {
			return err
		}
		golang, err := readClientStrategy(r)
		if err != nil {
			return err
		}
		qs, _, _, err := readQueueList(r, "queues")
		if err != nil {
			return err
		}
		members := make([]analysis.Member, r.count(2))
		for i := range members {
			members[i] = analysis.Member{ID: r.str(), Client: r.str()}
		}
		o, err := readOptions(r)
		if err != nil {
			return err
		}
		res, err := analysis.Mixed(java, golang, qs, members, o)
		if err != nil {
			return err
		}
		writeViewsJSON(jsonw{w}, res)
		return nil
	})
}

// writePlanJSON writes plan p, with its statistics st, as JSON.
func writePlanJSON(j jsonw, p *alloc.Plan, st *analysis.Stats) {
	if p == nil {
		j.raw("null")
		return
	}
	writePlanFields(j, p, st, true)
}

// writePlanFields writes plan p as JSON; without queues it leaves out the
// queue list and the shares, which the positions answer sends as binary
// (analysis_positions.go).
func writePlanFields(j jsonw, p *alloc.Plan, st *analysis.Stats, queues bool) {
	j.raw(`{"strategy":`)
	j.str(analysis.PlanLabel(p))
	j.key("client", false)
	j.str(languageOf(p.Client()))
	if queues {
		j.key("queues", false)
		j.queues(p.Queues())
	}
	j.key("members", false)
	j.strs(p.Members())
	if queues {
		j.key("shares", false)
		j.list(len(p.Members()), func(k int) { j.int32s(p.MemberShare(k)) })
	}
	j.key("errors", false)
	writeMemberErrorsJSON(j, analysis.MemberErrors(p))
	j.key("stats", false)
	writeStatsJSON(j, st)
	j.raw("}")
}

func writeMemberErrorsJSON(j jsonw, errs []analysis.MemberError) {
	j.list(len(errs), func(k int) {
		e := errs[k]
		j.raw(`{"member":`)
		j.int(e.Member)
		j.raw(`,"javaClass":`)
		j.str(e.JavaClass)
		j.raw(`,"message":`)
		j.str(e.Message)
		j.raw("}")
	})
}

var (
	statsHead   = []string{"members", "assigned", "orphaned", "shared"}
	statsTail   = []string{"min", "max"}
	statsBal    = []string{"ideal", "balanceGap"}
	brokerKeys  = []string{"queues", "orphaned", "consumers", "maxPerConsumer"}
	roomKeys    = []string{"queues", "members", "local", "remote", "orphaned"}
	diffKeys    = []string{"common", "kept", "moved", "added", "removed", "minMoves", "excess"}
	totalsKeys  = []string{"moved", "minMoves", "excess", "maxBalanceGap", "maxSpread", "maxOrphaned", "errors"}
	changeKeys  = []string{"queues"}
	stepIntKeys = []string{"queues"}
)

func writeStatsJSON(j jsonw, s *analysis.Stats) {
	j.raw(`{"queues":`)
	j.int(s.Queues)
	j.intFields(statsHead, s.Members, s.Assigned, s.Orphaned, s.Shared)
	j.key("perMember", false)
	j.ints(s.PerMember)
	j.intFields(statsTail, s.Min, s.Max)
	j.key("mean", false)
	j.float(s.Mean)
	j.key("stdDev", false)
	j.float(s.StdDev)
	j.intFields(statsBal, s.Ideal, s.BalanceGap)
	j.key("idle", false)
	j.ints(s.Idle)
	j.key("brokers", false)
	j.list(len(s.Brokers), func(k int) {
		b := s.Brokers[k]
		j.raw(`{"broker":`)
		j.str(b.Broker)
		j.intFields(brokerKeys, b.Queues, b.Orphaned, b.Consumers, b.MaxPerConsumer)
		j.raw("}")
	})
	j.key("hasRooms", false)
	j.bool(s.HasRooms)
	j.key("rooms", false)
	j.list(len(s.Rooms), func(k int) {
		r := s.Rooms[k]
		j.raw(`{"room":`)
		j.str(r.Room)
		j.intFields(roomKeys, r.Queues, r.Members, r.Local, r.Remote, r.Orphaned)
		j.raw("}")
	})
	j.key("locality", false)
	j.float(s.Locality)
	j.raw("}")
}

func writeDiffJSON(j jsonw, d *analysis.Diff) {
	if d == nil {
		j.raw("null")
		return
	}
	writeDiffFields(j, d, true)
}

// writeDiffFields writes diff d as JSON; without queues it leaves out the
// queue lists (movedQueues, each member's gained and lost), which the
// positions answer sends as binary (analysis_positions.go).
func writeDiffFields(j jsonw, d *analysis.Diff, queues bool) {
	j.raw(`{"from":`)
	j.str(d.From)
	j.key("to", false)
	j.str(d.To)
	j.intFields(diffKeys, d.Common, d.Kept, d.Moved, d.Added, d.Removed, d.MinMoves, d.Excess)
	if queues {
		j.key("movedQueues", false)
		j.int32s(d.MovedQueues)
	}
	j.key("members", false)
	j.list(len(d.Members), func(k int) {
		m := d.Members[k]
		j.raw(`{"member":`)
		j.str(m.Member)
		j.key("inFrom", false)
		j.bool(m.InFrom)
		j.key("inTo", false)
		j.bool(m.InTo)
		if queues {
			j.key("gained", false)
			j.int32s(m.Gained)
			j.key("lost", false)
			j.int32s(m.Lost)
		}
		j.raw("}")
	})
	j.raw("}")
}

func writeScenarioJSON(j jsonw, res *analysis.ScenarioResult) {
	j.raw(`{"strategies":`)
	j.strs(res.Strategies)
	j.key("steps", false)
	j.list(len(res.Steps), func(k int) {
		st := res.Steps[k]
		j.raw(`{"change":{"kind":`)
		j.str(st.Change.Kind)
		j.key("members", false)
		j.strs(st.Change.Members)
		j.key("broker", false)
		j.str(st.Change.Broker)
		j.intFields(changeKeys, st.Change.Queues)
		j.raw("}")
		j.intFields(stepIntKeys, st.Queues)
		j.key("members", false)
		j.strs(st.Members)
		j.key("crashed", false)
		j.strs(st.Crashed)
		j.key("plans", false)
		j.list(len(st.Plans), func(i int) { writePlanJSON(j, st.Plans[i], &st.Stats[i]) })
		j.key("diffs", false)
		if st.Diffs == nil {
			j.raw("null")
		} else {
			j.list(len(st.Diffs), func(i int) { writeDiffJSON(j, st.Diffs[i]) })
		}
		j.key("unconsumed", false)
		j.ints(st.Unconsumed)
		j.raw("}")
	})
	j.key("totals", false)
	j.list(len(res.Totals), func(k int) {
		t := res.Totals[k]
		j.raw(`{"strategy":`)
		j.str(t.Strategy)
		j.intFields(totalsKeys, t.Moved, t.MinMoves, t.Excess, t.MaxBalanceGap, t.MaxSpread, t.MaxOrphaned, t.Errors)
		j.raw("}")
	})
	j.raw("}")
}

func writeViewsJSON(j jsonw, v *analysis.ViewsResult) {
	j.raw(`{"combined":`)
	writePlanJSON(j, v.Combined, &v.Stats)
	j.key("strategies", false)
	j.strs(v.Strategies)
	j.key("doubleOwned", false)
	j.list(len(v.DoubleOwned), func(k int) {
		q := v.DoubleOwned[k]
		j.raw(`{"queue":`)
		j.int(int(q.Queue))
		j.key("owners", false)
		j.int32s(q.Owners)
		j.raw("}")
	})
	j.key("orphaned", false)
	j.int32s(v.Orphaned)
	j.raw("}")
}

// languageOf is the plan's client as the JS API names it: its Language
// ("java", "go"); "" for none (a Views combined plan).
func languageOf(c alloc.Client) string {
	if c == nil {
		return ""
	}
	return c.Language()
}
