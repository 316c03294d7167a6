//go:build rmqfull

package main

import (
	"encoding/json"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/analysis"
)

// The analysis answers written with encoding/json instead of jsonw: mirror
// structs whose json tags give jsonw's keys in jsonw's order, built from
// the results and marshalled by one json.Encoder. It writes the same bytes
// as jsonw (json_std_compare_test.go checks it), which takes:
//   - jstr, a string type whose MarshalJSON is jsonw's str: a lone
//     surrogate (WTF-8 from JS) stays \udxxx, where encoding/json's own
//     string encoder writes U+FFFD for each of its three bytes; \b and \f
//     stay \u0008 and \u000c, and U+2028/U+2029 stay raw;
//   - jfloat, a float64 type written by jsonw's float, strconv's 'g' (1.234567e+06 and
//     1e-05, where encoding/json writes 1234567 and 0.00001) and NaN or
//     ±Inf as null (encoding/json fails on them);
//   - every list non-nil ([] where encoding/json writes null for a nil
//     slice), every key present (the analysis types' omitempty fields are
//     not), and the positions answer's missing queue lists as nil pointers
//     with omitempty.
//
// It is the alternative an issue asked to measure, kept as a test file so
// that BenchmarkAnalysisJSON (json_bench_test.go) can re-measure it: jsonw
// stays, being smaller and faster.

// jstr is a string encoding/json writes as jsonw does: jsonw's escaping
// (a switch to encoding/json would keep it).
type jstr string

func (s jstr) MarshalJSON() ([]byte, error) {
	var w writer
	jsonw{&w}.str(string(s))
	return w.b, nil
}

// jfloat is a float64 encoding/json writes as jsonw does.
type jfloat float64

func (f jfloat) MarshalJSON() ([]byte, error) {
	var w writer
	jsonw{&w}.float(float64(f))
	return w.b, nil
}

func jstrs(ss []string) []jstr {
	out := make([]jstr, len(ss))
	for i, s := range ss {
		out[i] = jstr(s)
	}
	return out
}

var (
	noInts   = []int{}
	noInt32s = []int32{}
)

func jints(v []int) []int {
	if v == nil {
		return noInts
	}
	return v
}

func jint32s(v []int32) []int32 {
	if v == nil {
		return noInt32s
	}
	return v
}

type jQueue struct {
	Topic      jstr  `json:"topic"`
	BrokerName jstr  `json:"brokerName"`
	QueueID    int32 `json:"queueId"`
}

type jMemberError struct {
	Member    int  `json:"member"`
	JavaClass jstr `json:"javaClass"`
	Message   jstr `json:"message"`
}

type jBroker struct {
	Broker         jstr `json:"broker"`
	Queues         int  `json:"queues"`
	Orphaned       int  `json:"orphaned"`
	Consumers      int  `json:"consumers"`
	MaxPerConsumer int  `json:"maxPerConsumer"`
}

type jRoom struct {
	Room     jstr `json:"room"`
	Queues   int  `json:"queues"`
	Members  int  `json:"members"`
	Local    int  `json:"local"`
	Remote   int  `json:"remote"`
	Orphaned int  `json:"orphaned"`
}

type jStats struct {
	Queues     int       `json:"queues"`
	Members    int       `json:"members"`
	Assigned   int       `json:"assigned"`
	Orphaned   int       `json:"orphaned"`
	Shared     int       `json:"shared"`
	PerMember  []int     `json:"perMember"`
	Min        int       `json:"min"`
	Max        int       `json:"max"`
	Mean       jfloat    `json:"mean"`
	StdDev     jfloat    `json:"stdDev"`
	Ideal      int       `json:"ideal"`
	BalanceGap int       `json:"balanceGap"`
	Idle       []int     `json:"idle"`
	Brokers    []jBroker `json:"brokers"`
	HasRooms   bool      `json:"hasRooms"`
	Rooms      []jRoom   `json:"rooms"`
	Locality   jfloat    `json:"locality"`
}

// jPlan: Queues and Shares are nil in a positions answer.
type jPlan struct {
	Strategy jstr           `json:"strategy"`
	Client   jstr           `json:"client"`
	Queues   *[]jQueue      `json:"queues,omitempty"`
	Members  []jstr         `json:"members"`
	Shares   *[][]int32     `json:"shares,omitempty"`
	Errors   []jMemberError `json:"errors"`
	Stats    *jStats        `json:"stats"`
}

func statsOut(s *analysis.Stats) *jStats {
	o := &jStats{Queues: s.Queues, Members: s.Members, Assigned: s.Assigned, Orphaned: s.Orphaned, Shared: s.Shared,
		PerMember: jints(s.PerMember), Min: s.Min, Max: s.Max, Mean: jfloat(s.Mean), StdDev: jfloat(s.StdDev),
		Ideal: s.Ideal, BalanceGap: s.BalanceGap, Idle: jints(s.Idle), HasRooms: s.HasRooms, Locality: jfloat(s.Locality)}
	o.Brokers = make([]jBroker, len(s.Brokers))
	for i, b := range s.Brokers {
		o.Brokers[i] = jBroker{jstr(b.Broker), b.Queues, b.Orphaned, b.Consumers, b.MaxPerConsumer}
	}
	o.Rooms = make([]jRoom, len(s.Rooms))
	for i, r := range s.Rooms {
		o.Rooms[i] = jRoom{jstr(r.Room), r.Queues, r.Members, r.Local, r.Remote, r.Orphaned}
	}
	return o
}

// planOut is writePlanFields's plan (nil for none).
func planOut(p *alloc.Plan, st *analysis.Stats, queues bool) *jPlan {
	if p == nil {
		return nil
	}
	o := &jPlan{Strategy: jstr(analysis.PlanLabel(p)), Client: jstr(languageOf(p.Client())), Members: jstrs(p.Members())}
	if queues {
		qs := p.Queues()
		jq := make([]jQueue, len(qs))
		for i, q := range qs {
			jq[i] = jQueue{jstr(q.Topic), jstr(q.BrokerName), q.QueueID}
		}
		sh := make([][]int32, len(p.Members()))
		for k := range sh {
			sh[k] = jint32s(p.MemberShare(k))
		}
		o.Queues, o.Shares = &jq, &sh
	}
	errs := analysis.MemberErrors(p)
	o.Errors = make([]jMemberError, len(errs))
	for i, e := range errs {
		o.Errors[i] = jMemberError{e.Member, jstr(e.JavaClass), jstr(e.Message)}
	}
	o.Stats = statsOut(st)
	return o
}

type jMemberChange struct {
	Member jstr     `json:"member"`
	InFrom bool     `json:"inFrom"`
	InTo   bool     `json:"inTo"`
	Gained *[]int32 `json:"gained,omitempty"`
	Lost   *[]int32 `json:"lost,omitempty"`
}

// jDiff: MovedQueues and each member's Gained and Lost are nil in a
// positions answer.
type jDiff struct {
	From        jstr            `json:"from"`
	To          jstr            `json:"to"`
	Common      int             `json:"common"`
	Kept        int             `json:"kept"`
	Moved       int             `json:"moved"`
	Added       int             `json:"added"`
	Removed     int             `json:"removed"`
	MinMoves    int             `json:"minMoves"`
	Excess      int             `json:"excess"`
	MovedQueues *[]int32        `json:"movedQueues,omitempty"`
	Members     []jMemberChange `json:"members"`
}

// diffOut is writeDiffFields's diff (nil for none).
func diffOut(d *analysis.Diff, queues bool) *jDiff {
	if d == nil {
		return nil
	}
	o := &jDiff{From: jstr(d.From), To: jstr(d.To), Common: d.Common, Kept: d.Kept, Moved: d.Moved, Added: d.Added,
		Removed: d.Removed, MinMoves: d.MinMoves, Excess: d.Excess}
	var lists [][]int32
	if queues {
		lists = make([][]int32, 1+2*len(d.Members))
		lists[0] = jint32s(d.MovedQueues)
		o.MovedQueues = &lists[0]
	}
	o.Members = make([]jMemberChange, len(d.Members))
	for i, m := range d.Members {
		c := jMemberChange{Member: jstr(m.Member), InFrom: m.InFrom, InTo: m.InTo}
		if queues {
			lists[1+2*i], lists[2+2*i] = jint32s(m.Gained), jint32s(m.Lost)
			c.Gained, c.Lost = &lists[1+2*i], &lists[2+2*i]
		}
		o.Members[i] = c
	}
	return o
}

// jDiffAnswer is handleAnalysisDiff's JSON answer.
type jDiffAnswer struct {
	From *jPlan `json:"from"`
	To   *jPlan `json:"to"`
	Diff *jDiff `json:"diff"`
}

type jChange struct {
	Kind    jstr   `json:"kind"`
	Members []jstr `json:"members"`
	Broker  jstr   `json:"broker"`
	Queues  int    `json:"queues"`
}

type jStep struct {
	Change     jChange  `json:"change"`
	Queues     int      `json:"queues"`
	Members    []jstr   `json:"members"`
	Crashed    []jstr   `json:"crashed"`
	Plans      []*jPlan `json:"plans"`
	Diffs      []*jDiff `json:"diffs"` // nil (null) for the first step
	Unconsumed []int    `json:"unconsumed"`
}

type jTotals struct {
	Strategy      jstr `json:"strategy"`
	Moved         int  `json:"moved"`
	MinMoves      int  `json:"minMoves"`
	Excess        int  `json:"excess"`
	MaxBalanceGap int  `json:"maxBalanceGap"`
	MaxSpread     int  `json:"maxSpread"`
	MaxOrphaned   int  `json:"maxOrphaned"`
	Errors        int  `json:"errors"`
}

type jScenario struct {
	Strategies []jstr    `json:"strategies"`
	Steps      []jStep   `json:"steps"`
	Totals     []jTotals `json:"totals"`
}

func scenarioOut(res *analysis.ScenarioResult) *jScenario {
	o := &jScenario{Strategies: jstrs(res.Strategies), Steps: make([]jStep, len(res.Steps)), Totals: make([]jTotals, len(res.Totals))}
	for k, st := range res.Steps {
		s := jStep{Change: jChange{jstr(st.Change.Kind), jstrs(st.Change.Members), jstr(st.Change.Broker), st.Change.Queues},
			Queues: st.Queues, Members: jstrs(st.Members), Crashed: jstrs(st.Crashed), Unconsumed: jints(st.Unconsumed)}
		s.Plans = make([]*jPlan, len(st.Plans))
		for i, p := range st.Plans {
			s.Plans[i] = planOut(p, &st.Stats[i], true)
		}
		if st.Diffs != nil {
			s.Diffs = make([]*jDiff, len(st.Diffs))
			for i, d := range st.Diffs {
				s.Diffs[i] = diffOut(d, true)
			}
		}
		o.Steps[k] = s
	}
	for k, t := range res.Totals {
		o.Totals[k] = jTotals{jstr(t.Strategy), t.Moved, t.MinMoves, t.Excess, t.MaxBalanceGap, t.MaxSpread, t.MaxOrphaned, t.Errors}
	}
	return o
}

type jQueueOwners struct {
	Queue  int32   `json:"queue"`
	Owners []int32 `json:"owners"`
}

type jViews struct {
	Combined    *jPlan         `json:"combined"`
	Strategies  []jstr         `json:"strategies"`
	DoubleOwned []jQueueOwners `json:"doubleOwned"`
	Orphaned    []int32        `json:"orphaned"`
}

func viewsOut(v *analysis.ViewsResult) *jViews {
	o := &jViews{Combined: planOut(v.Combined, &v.Stats, true), Strategies: jstrs(v.Strategies),
		DoubleOwned: make([]jQueueOwners, len(v.DoubleOwned)), Orphaned: jint32s(v.Orphaned)}
	for i, q := range v.DoubleOwned {
		o.DoubleOwned[i] = jQueueOwners{q.Queue, jint32s(q.Owners)}
	}
	return o
}

type jCompareGroup struct {
	Queues  int `json:"queues"`
	Brokers int `json:"brokers"`
	Members int `json:"members"`
}

type jCompareMove struct {
	Change          jstr `json:"change"`
	Moved           int  `json:"moved"`
	MinMoves        int  `json:"minMoves"`
	Overlap         int  `json:"overlap"`
	DupQueueSeconds int  `json:"dupQueueSeconds"`
}

type jCompareRow struct {
	Label           jstr           `json:"label"`
	Strategy        jstr           `json:"strategy"`
	Min             int            `json:"min"`
	Max             int            `json:"max"`
	Mean            jfloat         `json:"mean"`
	Changes         []jCompareMove `json:"changes"`
	DupQueueSeconds int            `json:"dupQueueSeconds"`
	Errors          int            `json:"errors"`
}

type jCompare struct {
	Group    jCompareGroup `json:"group"`
	Changes  []jstr        `json:"changes"`
	Least    []int         `json:"least"`
	Rows     []jCompareRow `json:"rows"`
	Markdown jstr          `json:"markdown"`
}

func compareOut(res *analysis.CompareResult) *jCompare {
	o := &jCompare{Group: jCompareGroup{res.Group.Queues, res.Group.Brokers, res.Group.Members},
		Changes: jstrs(analysis.CompareChanges), Least: jints(res.Least), Rows: make([]jCompareRow, len(res.Rows))}
	for k, row := range res.Rows {
		r := jCompareRow{Label: jstr(row.Label), Strategy: jstr(row.Strategy), Min: row.Min, Max: row.Max, Mean: jfloat(row.Mean),
			Changes: make([]jCompareMove, len(row.Changes)), DupQueueSeconds: row.DupQueueSeconds, Errors: row.Errors}
		for i, mv := range row.Changes {
			r.Changes[i] = jCompareMove{jstr(mv.Change), mv.Moved, mv.MinMoves, mv.Overlap, mv.DupQueueSeconds}
		}
		o.Rows[k] = r
	}
	o.Markdown = jstr(res.Markdown())
	return o
}

// appendTo is an io.Writer onto w.
type appendTo struct{ w *writer }

func (a appendTo) Write(b []byte) (int, error) {
	a.w.b = append(a.w.b, b...)
	return len(b), nil
}

// writeStd writes v with encoding/json, without HTML escaping (jsonw
// writes <, > and & raw) and without Encode's newline. The mirror values
// cannot fail to encode.
func writeStd(w *writer, v any) {
	e := json.NewEncoder(appendTo{w})
	e.SetEscapeHTML(false)
	if err := e.Encode(v); err != nil {
		panic(err)
	}
	w.b = w.b[:len(w.b)-1]
}
