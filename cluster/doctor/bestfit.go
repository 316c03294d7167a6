package doctor

import (
	"slices"
	"sync"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/clients"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
)

// candidate is one strategy × client the whole group could be running:
// shares[c] are the positions (in st.queues) st.subs[c] would take.
type candidate struct {
	strategy, profile string
	shares            [][]int32
}

// orders is a topic's subscribe set and member list sorted once per client
// (Java: UTF-16 order; Go: bytes), shared by every candidate run.
type orders struct {
	javaCids []string
	goQueues []alloc.MessageQueue
	goPos    []int32 // goQueues[i] is st.queues[goPos[i]]
	goCids   []string
}

// runKey names a whole-group run: a strategy on the Java or the Go client.
type runKey struct {
	strategy string
	goClient bool
}

func (d *diagnosis) orders(st *topicState) *orders {
	if st.ord != nil {
		return st.ord
	}
	o := &orders{javaCids: alloc.SortedClientIDs(d.g.cidAll), goCids: slices.Clone(d.g.cidAll)}
	goclient.Client.SortClientIDs(o.goCids)
	qs := st.queues[:st.nRoute]
	o.goPos, _ = goclient.Client.SortQueuePerm(qs) // never fails
	o.goQueues = make([]alloc.MessageQueue, len(qs))
	for i, p := range o.goPos {
		o.goQueues[i] = qs[p]
	}
	st.ord = o
	return o
}

// wholeRun is one strategy run for the whole group on the Java or the Go
// client.
type wholeRun struct {
	strategy string
	goClient bool
	shares   [][]int32
}

// startWholeRuns starts, in the background, every simulated strategy on
// both client orders for the whole topic (the Java clients 4.9.3 and 5.3.3
// differ only in MACHINE_ROOM, which is not simulated, so one Java run
// serves both), reusing the run expect made. The returned function waits
// for them. It must be called after expect and reads only the subscribe
// set, so the rest of the diagnosis may go on meanwhile.
func (d *diagnosis) startWholeRuns(st *topicState) (wait func() ([]*wholeRun, error)) {
	// With no subscriber every strategy trivially "reproduces" a topic
	// nobody consumes: there is nothing to fit.
	if d.mode == modeNone || d.broadcasting || len(st.subs) == 0 {
		return func() ([]*wholeRun, error) { return nil, nil }
	}
	o := d.orders(st)
	in := wholeInput{queues: st.queues[:st.nRoute], subs: st.subs}
	var runs []*wholeRun
	for _, s := range SimulatedStrategies() {
		runs = append(runs, &wholeRun{strategy: s}, &wholeRun{strategy: s, goClient: true})
	}
	var wg sync.WaitGroup
	for _, r := range runs {
		if shares, ok := st.runs[runKey{r.strategy, r.goClient}]; ok {
			r.shares = shares
			continue
		}
		profile := profileJava493
		if r.goClient {
			profile = profileGo
		}
		strat, err := buildStrategy(r.strategy, profile, nil)
		if err != nil {
			return func() ([]*wholeRun, error) { return nil, &alloc.TextError{Source: "strategy", Msg: err.Error()} }
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.shares, _ = runWhole(in, o, strat)
		}()
	}
	return func() ([]*wholeRun, error) {
		wg.Wait()
		return runs, nil
	}
}

// bestFit counts, for every strategy × client run by startWholeRuns, the
// queues whose owners it reproduces, compared like the statuses. Best
// first; among equal ones the members' own client comes first. Empty
// without owner information or in a BROADCASTING group.
func (d *diagnosis) bestFit(st *topicState, wait func() ([]*wholeRun, error)) ([]Fit, error) {
	st.cands = nil
	runs, err := wait()
	if err != nil || runs == nil {
		return []Fit{}, err
	}
	act := d.actualIndex(st)
	for _, s := range SimulatedStrategies() {
		for _, p := range d.profilesByUse() {
			for _, r := range runs {
				if r.strategy == s && r.goClient == (p == profileGo) {
					st.cands = append(st.cands, candidate{strategy: s, profile: p, shares: r.shares})
				}
			}
		}
	}
	var fits []Fit
	for _, c := range st.cands {
		fits = append(fits, act.fit(d, st, c.strategy, c.profile, c.shares))
	}
	slices.SortStableFunc(fits, func(a, b Fit) int { return b.Agree - a.Agree })
	if d.mode == modeIP && !d.ipsTellApart(st.subs) {
		// Owners known by IP alone, and members sharing one: any strategy
		// "reproduces" them; the candidates stay for the causes only.
		return []Fit{}, nil
	}
	if st.poppers != nil {
		// Members pop queues of the topic: the broker's POP assignment,
		// not a client strategy, gives them; no strategy "fits".
		return []Fit{}, nil
	}
	return fits, nil
}

// ipsTellApart: every member of subs has an IP of its own.
func (d *diagnosis) ipsTellApart(subs []*member) bool {
	seen := map[string]bool{}
	for _, m := range subs {
		ip := ipOf(m.cid)
		if seen[ip] {
			return false
		}
		seen[ip] = true
	}
	return true
}

// wholeInput is what a whole-group run reads: the subscribe set (Java
// order) and the subscribers.
type wholeInput struct {
	queues []alloc.MessageQueue
	subs   []*member
}

// runWhole allocates the subscribe set to the whole group under strat and
// returns each subscriber's positions in the set and the error its own
// call returns (then it takes nothing).
func runWhole(st wholeInput, o *orders, strat alloc.Strategy) ([][]int32, []error) {
	shares := make([][]int32, len(st.subs))
	errs := make([]error, len(st.subs))
	subIdx := make(map[string]int, len(st.subs))
	for c, m := range st.subs {
		subIdx[m.cid] = c
	}
	// Each client over the input its rebalance sees; goPos maps the Go
	// client's positions back to the subscribe set's.
	qs, cids, back := st.queues, o.javaCids, []int32(nil)
	if alloc.ClientOf(strat).Language() == alloc.LanguageGo {
		qs, cids, back = o.goQueues, o.goCids, o.goPos
	}
	plan, err := alloc.AllocateAll(strat, "", qs, cids)
	if err != nil {
		for c := range errs {
			errs[c] = err // every member's call fails alike
		}
		return shares, errs
	}
	for m, cid := range plan.Members() {
		c, ok := subIdx[cid]
		if !ok {
			continue
		}
		if errs[c] = plan.MemberErr(m); errs[c] != nil {
			continue
		}
		pos := plan.MemberPositions(m)
		if pos == nil { // the strategy does not say where its queues stand
			shares[c] = positionsOf(st, plan.MemberQueues(m))
			continue
		}
		sh := slices.Clone(pos) // the plan's own slice, in the strategy's order
		if back != nil {
			for k, p := range sh {
				sh[k] = back[p]
			}
		}
		slices.Sort(sh)
		shares[c] = slices.Compact(sh)
	}
	return shares, errs
}

// positionsOf finds queues in the subscribe set, sorted, without repeats.
func positionsOf(st wholeInput, qs []alloc.MessageQueue) []int32 {
	var out []int32
	for _, q := range qs {
		if i, ok := slices.BinarySearchFunc(st.queues, q, alloc.CompareQueues); ok {
			out = append(out, int32(i))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// actualIndex is the actual owners as small integers, for fast comparison:
// one label per queue in the usual case, the rest in multi.
type actualIndex struct {
	labelID map[string]int32
	first   []int32 // -1: no owner; -2: no owner information
	multi   map[int][]int32
}

func (d *diagnosis) actualIndex(st *topicState) *actualIndex {
	a := &actualIndex{labelID: map[string]int32{}, first: make([]int32, len(st.queues)), multi: map[int][]int32{}}
	id := func(l string) int32 {
		v, ok := a.labelID[l]
		if !ok {
			v = int32(len(a.labelID))
			a.labelID[l] = v
		}
		return v
	}
	for i, act := range st.actual {
		switch {
		case act == nil:
			a.first[i] = -2
		case len(act) == 0:
			a.first[i] = -1
		default:
			a.first[i] = id(act[0])
			for _, l := range act[1:] {
				a.multi[i] = append(a.multi[i], id(l))
			}
		}
	}
	return a
}

// fit counts the queues on which shares' owners (as labels) equal the
// actual ones.
func (a *actualIndex) fit(d *diagnosis, st *topicState, strategy, profile string, shares [][]int32) Fit {
	owner := make([]int32, len(st.queues)) // label+1 of the owners; 0 none; -1 several labels
	var many map[int][]int32
	for c, sh := range shares {
		l, ok := a.labelID[d.label(st.subs[c].cid)]
		lab := int32(-3) // a label nobody holds
		if ok {
			lab = l
		}
		for _, p := range sh {
			switch owner[p] {
			case 0:
				owner[p] = lab + 4
			case lab + 4:
			default:
				if many == nil {
					many = map[int][]int32{}
				}
				if owner[p] > 0 {
					many[int(p)] = append(many[int(p)], owner[p]-4)
				}
				owner[p] = -1
				many[int(p)] = append(many[int(p)], lab)
			}
		}
	}
	f := Fit{Strategy: strategy, Client: profile}
	for i, first := range a.first {
		if first == -2 {
			continue
		}
		f.Total++
		switch o := owner[i]; {
		case o == 0:
			if first == -1 {
				f.Agree++
			}
		case o > 0:
			if first == o-4 && len(a.multi[i]) == 0 {
				f.Agree++
			}
		default:
			want := append([]int32{first}, a.multi[i]...)
			got := many[i]
			slices.Sort(want)
			slices.Sort(got)
			if first >= 0 && slices.Equal(slices.Compact(want), slices.Compact(got)) {
				f.Agree++
			}
		}
	}
	return f
}

// profilesByUse is clients.Names with the members' most used one first, so that
// among equally good fits the group's own client is named first.
func (d *diagnosis) profilesByUse() []string {
	use := map[string]int{}
	for _, m := range d.g.members {
		use[m.profile]++
	}
	ps := clients.Names()
	slices.SortStableFunc(ps, func(a, b string) int { return use[b] - use[a] })
	return ps
}
