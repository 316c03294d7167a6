//go:build rmqfull

package main

import (
	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/analysis"
)

// The analysis operations (alloc/analysis), in the full build only
// (-tags rmqfull: js/rmqalloc-full.wasm, loaded by load({ analysis: true })).
// Requests are declared in internal/wireschema (full.go); results are
// JSON text (json.go), read by JS with JSON.parse, except plan and diff
// asked for by position (analysis_positions.go): the custom analysisAnswer. Package analysis and the JSON writer cost the
// module about 250 KB, which is why the core build leaves them out.

// analysisAnswer writes an analysis result: JSON, or by positions
// (analysis_positions.go).
type analysisAnswer func(w *writer)

// writeAnalysisAnswer writes a (the custom analysisAnswer).
func writeAnalysisAnswer(w *writer, a analysisAnswer) { a(w) }

// jsonAnswer is the answer f writes as JSON.
func jsonAnswer(f func(j jsonw)) analysisAnswer { return func(w *writer) { f(jsonw{w}) } }

// strategiesOf builds each strategy for its client.
func strategiesOf(ss []wireClientStrategy) ([]alloc.Strategy, error) {
	out := make([]alloc.Strategy, len(ss))
	for i, s := range ss {
		var err error
		if out[i], err = strategyOf(s.Client, s.Spec); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// optionsOf: sort as a rebalance does (else as given) and the rooms, if any.
func optionsOf(sort bool, rooms *wireRooms) (analysis.Options, error) {
	o := analysis.Options{AsGiven: !sort}
	if rooms != nil {
		res, err := alloc.SplitResolver(rooms.Sep, int(rooms.BrokerField), int(rooms.ConsumerField))
		if err != nil {
			return o, err
		}
		o.Rooms = res
	}
	return o, nil
}

// planOf: the plan of a request's planInput (alloc.Rebalance) and its
// statistics (with the options' rooms).
func planOf(in wirePlanInput) (*alloc.Plan, *analysis.Stats, error) {
	s, err := strategyOf(in.Strategy.Client, in.Strategy.Spec)
	if err != nil {
		return nil, nil, err
	}
	qs, err := in.Queues.list("queues")
	if err != nil {
		return nil, nil, err
	}
	o, err := optionsOf(in.Sort, in.Rooms)
	if err != nil {
		return nil, nil, err
	}
	p, err := alloc.Rebalance(s, "", qs, in.Members, alloc.RebalanceOptions{AsGiven: o.AsGiven})
	if err != nil {
		return nil, nil, err
	}
	st := analysis.StatsOf(p, o.Rooms)
	return p, &st, nil
}

// handleAnalysisPlan: a plan, as JSON or by positions.
func handleAnalysisPlan(q analysisPlanRequest) (analysisPlanResponse, error) {
	p, st, err := planOf(q.Plan)
	if err != nil {
		return analysisPlanResponse{}, err
	}
	if q.Positions {
		return analysisPlanResponse{Answer: func(w *writer) { writePlanPositions(w, p, st) }}, nil
	}
	return analysisPlanResponse{Answer: jsonAnswer(func(j jsonw) { writePlanJSON(j, p, st) })}, nil
}

// handleAnalysisDiff: plan a, plan b → {"from":Plan,"to":Plan,"diff":Diff}, or by positions.
func handleAnalysisDiff(q analysisDiffRequest) (analysisDiffResponse, error) {
	a, as, err := planOf(q.From)
	if err != nil {
		return analysisDiffResponse{}, err
	}
	b, bs, err := planOf(q.To)
	if err != nil {
		return analysisDiffResponse{}, err
	}
	if q.Positions {
		return analysisDiffResponse{Answer: func(w *writer) { writeDiffPositions(w, a, as, b, bs) }}, nil
	}
	return analysisDiffResponse{Answer: jsonAnswer(func(j jsonw) {
		j.raw(`{"from":`)
		writePlanJSON(j, a, as)
		j.raw(`,"to":`)
		writePlanJSON(j, b, bs)
		j.raw(`,"diff":`)
		writeDiffJSON(j, analysis.DiffPlans(a, b))
		j.raw("}")
	})}, nil
}

// handleAnalysisScenario: a scenario run over the strategies.
func handleAnalysisScenario(q analysisScenarioRequest) (analysisScenarioResponse, error) {
	sc := analysis.Scenario{Topic: q.Topic, Brokers: q.Brokers, QueuesPerBroker: int(q.QueuesPerBroker), Members: q.Members}
	sc.Changes = make([]analysis.Change, len(q.Changes))
	for i, c := range q.Changes {
		sc.Changes[i] = analysis.Change{Kind: c.Kind, Members: c.Members, Broker: c.Broker, Queues: int(c.Queues)}
	}
	ss, err := strategiesOf(q.Strategies)
	if err != nil {
		return analysisScenarioResponse{}, err
	}
	var o analysis.RunOptions
	if q.Sort != analysisSortDefault {
		o.AsGiven = q.Sort != analysisSortTrue
	}
	res, err := analysis.RunScenario(sc, ss, o)
	if err != nil {
		return analysisScenarioResponse{}, err
	}
	return analysisScenarioResponse{Answer: jsonAnswer(func(j jsonw) { writeScenarioJSON(j, res) })}, nil
}

// handleAnalysisViews: members seeing different lists or strategies.
func handleAnalysisViews(q analysisViewsRequest) (analysisViewsResponse, error) {
	ss, err := strategiesOf(q.Strategies)
	if err != nil {
		return analysisViewsResponse{}, err
	}
	qs, err := q.Queues.list("queues")
	if err != nil {
		return analysisViewsResponse{}, err
	}
	views := make([]analysis.View, len(q.Views))
	for i, v := range q.Views {
		views[i] = analysis.View{Member: v.Member, Members: v.Members, Strategy: int(v.Strategy)}
	}
	o, err := optionsOf(q.Sort, q.Rooms)
	if err != nil {
		return analysisViewsResponse{}, err
	}
	res, err := analysis.Views(ss, qs, q.Members, views, o)
	if err != nil {
		return analysisViewsResponse{}, err
	}
	return analysisViewsResponse{Answer: jsonAnswer(func(j jsonw) { writeViewsJSON(j, res) })}, nil
}

// handleAnalysisSubscription: a group where only subscribers subscribe.
func handleAnalysisSubscription(q analysisSubscriptionRequest) (analysisSubscriptionResponse, error) {
	s, err := strategyOf(q.Strategy.Client, q.Strategy.Spec)
	if err != nil {
		return analysisSubscriptionResponse{}, err
	}
	qs, err := q.Queues.list("queues")
	if err != nil {
		return analysisSubscriptionResponse{}, err
	}
	o, err := optionsOf(q.Sort, q.Rooms)
	if err != nil {
		return analysisSubscriptionResponse{}, err
	}
	res, err := analysis.Subscription(s, qs, q.Members, q.Subscribers, o)
	if err != nil {
		return analysisSubscriptionResponse{}, err
	}
	return analysisSubscriptionResponse{Answer: jsonAnswer(func(j jsonw) { writeViewsJSON(j, res) })}, nil
}

// handleAnalysisMixed: a group of Java and Go clients.
func handleAnalysisMixed(q analysisMixedRequest) (analysisMixedResponse, error) {
	java, err := strategyOf(q.Java.Client, q.Java.Spec)
	if err != nil {
		return analysisMixedResponse{}, err
	}
	golang, err := strategyOf(q.Go.Client, q.Go.Spec)
	if err != nil {
		return analysisMixedResponse{}, err
	}
	qs, err := q.Queues.list("queues")
	if err != nil {
		return analysisMixedResponse{}, err
	}
	members := make([]analysis.Member, len(q.Members))
	for i, m := range q.Members {
		members[i] = analysis.Member{ID: m.Id, Client: m.Client}
	}
	o, err := optionsOf(q.Sort, q.Rooms)
	if err != nil {
		return analysisMixedResponse{}, err
	}
	res, err := analysis.Mixed(java, golang, qs, members, o)
	if err != nil {
		return analysisMixedResponse{}, err
	}
	return analysisMixedResponse{Answer: jsonAnswer(func(j jsonw) { writeViewsJSON(j, res) })}, nil
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
		j.named("broker", b.Broker, brokerKeys, b.Queues, b.Orphaned, b.Consumers, b.MaxPerConsumer)
	})
	j.key("hasRooms", false)
	j.bool(s.HasRooms)
	j.key("rooms", false)
	j.list(len(s.Rooms), func(k int) {
		r := s.Rooms[k]
		j.named("room", r.Room, roomKeys, r.Queues, r.Members, r.Local, r.Remote, r.Orphaned)
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
		j.named("strategy", t.Strategy, totalsKeys, t.Moved, t.MinMoves, t.Excess, t.MaxBalanceGap, t.MaxSpread, t.MaxOrphaned, t.Errors)
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
