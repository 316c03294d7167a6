package doctor

import (
	"slices"

	"github.com/rmqalloc/rmqalloc/alloc/analysis"
)

// candidate is one strategy × client the whole group could be running.
type candidate struct {
	strategy, profile string
	shares            [][]int32 // per st.subs member: positions it would take
}

// bestFit runs every simulated strategy on every client for the whole
// topic and counts the queues whose owners it reproduces (compared like
// the statuses). Best first; ties keep the candidate order. Empty without
// owner information or in a BROADCASTING group.
func (d *diagnosis) bestFit(st *topicState) ([]Fit, error) {
	st.cands = nil
	if d.mode == modeNone || d.broadcasting {
		return []Fit{}, nil
	}
	var fits []Fit
	javaShares := map[string][][]int32{}
	profiles := d.profilesByUse()
	for _, s := range SimulatedStrategies() {
		for _, p := range profiles {
			var shares [][]int32
			// The Java clients 4.9.3 and 5.3.3 differ only in MACHINE_ROOM,
			// which is not simulated here: one run serves both.
			if p != ProfileGo {
				shares = javaShares[s]
			}
			if shares == nil {
				idx, err := d.strategyIndex(s, p)
				if err != nil {
					return nil, &InputError{Box: "strategy", Msg: err.Error()}
				}
				views := make([]analysis.View, len(st.subs))
				for i, m := range st.subs {
					views[i] = analysis.View{Member: m.cid, Strategy: idx}
				}
				res, err := d.share(st.tp.queues, d.g.cidAll, views)
				if err != nil {
					return nil, &InputError{Box: "strategy", Msg: err.Error()}
				}
				shares = res.Combined.Shares
				if p != ProfileGo {
					javaShares[s] = shares
				}
			}
			st.cands = append(st.cands, candidate{strategy: s, profile: p, shares: shares})
			fits = append(fits, d.fit(st, s, p, shares))
		}
	}
	slices.SortStableFunc(fits, func(a, b Fit) int { return b.Agree - a.Agree })
	return fits, nil
}

// fit counts the queues on which shares' owners equal the actual ones.
func (d *diagnosis) fit(st *topicState, strategy, profile string, shares [][]int32) Fit {
	owners := make([][]string, len(st.queues))
	for c, sh := range shares {
		for _, p := range sh {
			owners[p] = append(owners[p], st.subs[c].cid)
		}
	}
	f := Fit{Strategy: strategy, Client: profile}
	for i, a := range st.actual {
		if a == nil {
			continue
		}
		f.Total++
		o := owners[i]
		if len(o) > 1 {
			slices.Sort(o)
			o = slices.Compact(o)
		}
		if (len(o) == 0 && len(a) == 0) || (len(o) > 0 && d.sameLabels(o, a)) {
			f.Agree++
		}
	}
	return f
}

// profilesByUse is Profiles with the members' most used one first, so that
// among equally good fits the group's own client is named first.
func (d *diagnosis) profilesByUse() []string {
	use := map[string]int{}
	for _, m := range d.g.members {
		use[m.profile]++
	}
	ps := Profiles()
	slices.SortStableFunc(ps, func(a, b string) int { return use[b] - use[a] })
	return ps
}
