//go:build rmqfull

package main

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/analysis"
)

// Every analysis JSON answer written by jsonw and by encoding/json
// (json_std_test.go) on the same results: the same bytes.

// oddNames are names whose JSON needs care: quotes and backslashes, HTML
// characters, non-ASCII, control bytes (\b and \f among them), U+2028,
// invalid UTF-8 and lone surrogates (WTF-8, as JS sends them).
var oddNames = []string{"plain", `q"uo\te`, "<a&b>", "队列-キュー-🚀", "ctl\x01\b\f\n\r\t", "sep\u2028\u2029", "bad\xff\xc3", "lone\xed\xa0\x80\xed\xbf\xbf"}

// oddQueues: brokers b0@room0 … (rooms by "@", field 1) with odd topics and
// broker names.
func oddQueues(brokers, perBroker int) []alloc.MessageQueue {
	var qs []alloc.MessageQueue
	for b := 0; b < brokers; b++ {
		name := fmt.Sprintf("%s-b%d@room%d", oddNames[b%len(oddNames)], b, b%2)
		for q := 0; q < perBroker; q++ {
			qs = append(qs, alloc.MessageQueue{Topic: oddNames[(b+q)%len(oddNames)], BrokerName: name, QueueID: int32(q)})
		}
	}
	return qs
}

func oddMembers(n int) []string {
	ms := make([]string, n)
	for i := range ms {
		ms[i] = fmt.Sprintf("%s-c%d@room%d", oddNames[(i+3)%len(oddNames)], i, i%3)
	}
	return ms
}

func spec(client uint8, name string) wireClientStrategy {
	return wireClientStrategy{Client: client, Spec: alloc.StrategySpec{Name: name}}
}

var roomsAt = &wireRooms{Sep: "@", BrokerField: 1, ConsumerField: 1}

// jsonCase is one analysis result, written by both writers.
type jsonCase struct {
	name  string
	jsonw func(j jsonw)
	std   func(w *writer)
}

func planCase(t testing.TB, name string, in wirePlanInput) []jsonCase {
	t.Helper()
	p, st, err := planOf(in)
	require.NoError(t, err, name)
	return []jsonCase{
		{"plan " + name, func(j jsonw) { writePlanJSON(j, p, st) }, func(w *writer) { writeStd(w, planOut(p, st, true)) }},
		{"plan by positions " + name, func(j jsonw) { writePlanFields(j, p, st, false) }, func(w *writer) { writeStd(w, planOut(p, st, false)) }},
	}
}

func diffCase(t testing.TB, name string, from, to wirePlanInput) []jsonCase {
	t.Helper()
	a, as, err := planOf(from)
	require.NoError(t, err, name)
	b, bs, err := planOf(to)
	require.NoError(t, err, name)
	d := analysis.DiffPlans(a, b)
	return []jsonCase{
		{"diff " + name, func(j jsonw) {
			j.raw(`{"from":`)
			writePlanJSON(j, a, as)
			j.raw(`,"to":`)
			writePlanJSON(j, b, bs)
			j.raw(`,"diff":`)
			writeDiffJSON(j, d)
			j.raw("}")
		}, func(w *writer) {
			writeStd(w, jDiffAnswer{planOut(a, as, true), planOut(b, bs, true), diffOut(d, true)})
		}},
		{"diff by positions " + name, func(j jsonw) { writeDiffFields(j, d, false) }, func(w *writer) { writeStd(w, diffOut(d, false)) }},
	}
}

func scenarioCase(t testing.TB, name string, sc analysis.Scenario, ss []wireClientStrategy) jsonCase {
	t.Helper()
	strategies, err := strategiesOf(ss)
	require.NoError(t, err, name)
	res, err := analysis.RunScenario(sc, strategies, analysis.RunOptions{})
	require.NoError(t, err, name)
	return jsonCase{"scenario " + name, func(j jsonw) { writeScenarioJSON(j, res) }, func(w *writer) { writeStd(w, scenarioOut(res)) }}
}

func viewsCase(name string, res *analysis.ViewsResult) jsonCase {
	return jsonCase{name, func(j jsonw) { writeViewsJSON(j, res) }, func(w *writer) { writeStd(w, viewsOut(res)) }}
}

func compareCase(t testing.TB, g analysis.CompareGroup) jsonCase {
	t.Helper()
	res, err := analysis.Compare(g, nil)
	require.NoError(t, err)
	return jsonCase{fmt.Sprintf("compare %dq %db %dm", g.Queues, g.Brokers, g.Members),
		func(j jsonw) { writeCompareJSON(j, res) }, func(w *writer) { writeStd(w, compareOut(res)) }}
}

// analysisJSONCases: plans (with rooms, member errors, Go's client, sorted
// and as given), diffs, scenarios, views, subscription, mixed and compare.
func analysisJSONCases(t testing.TB) []jsonCase {
	t.Helper()
	qs, ms := oddQueues(5, 4), oddMembers(7)
	in := func(s wireClientStrategy, qs []alloc.MessageQueue, ms []string, sort bool, rooms *wireRooms) wirePlanInput {
		return wirePlanInput{Strategy: s, Queues: callQlist{qs: qs}, Members: ms, Sort: sort, Rooms: rooms}
	}
	var cases []jsonCase
	cases = append(cases, planCase(t, "AVG", in(spec(clientJava493, "AVG"), qs, ms, true, nil))...)
	cases = append(cases, planCase(t, "AVG_BY_CIRCLE rooms as given", in(spec(clientJava533, "AVG_BY_CIRCLE"), qs, ms, false, roomsAt))...)
	cases = append(cases, planCase(t, "CONSISTENT_HASH go", in(spec(clientGo, "CONSISTENT_HASH"), qs, ms, true, roomsAt))...)
	cases = append(cases, planCase(t, "member errors (no queues)", in(spec(clientJava493, "AVG"), nil, ms, true, nil))...)
	cases = append(cases, planCase(t, "go, no queues", in(spec(clientGo, "AVG"), nil, ms[:2], true, nil))...)
	cases = append(cases, planCase(t, "no members", in(spec(clientJava493, "AVG"), qs, nil, true, roomsAt))...)
	cases = append(cases, planCase(t, "more members than queues", in(spec(clientJava493, "AVG"), qs[:3], ms, true, nil))...)
	cases = append(cases, diffCase(t, "join", in(spec(clientJava493, "AVG"), qs, ms[:4], true, nil), in(spec(clientJava493, "AVG"), qs, ms, true, nil))...)
	cases = append(cases, diffCase(t, "strategy and rooms", in(spec(clientJava493, "AVG"), qs, ms, true, roomsAt), in(spec(clientGo, "AVG_BY_CIRCLE"), qs[2:], ms[1:], false, roomsAt))...)
	cases = append(cases, diffCase(t, "to member errors", in(spec(clientJava493, "AVG"), qs, ms, true, nil), in(spec(clientJava493, "AVG"), nil, ms, true, nil))...)

	three := []wireClientStrategy{spec(clientJava493, "AVG"), spec(clientJava533, "AVG_BY_CIRCLE"), spec(clientGo, "CONSISTENT_HASH")}
	cases = append(cases, scenarioCase(t, "every change", analysis.Scenario{Topic: oddNames[1], Brokers: []string{oddNames[2], oddNames[3], oddNames[7]},
		QueuesPerBroker: 4, Members: oddMembers(5), Changes: []analysis.Change{
			{Kind: analysis.ChangeJoin, Members: []string{oddNames[6], oddNames[5]}},
			{Kind: analysis.ChangeCrash, Members: []string{oddMembers(5)[1]}},
			{Kind: analysis.ChangeLeave, Members: []string{oddMembers(5)[0]}},
			{Kind: analysis.ChangeQueues, Queues: 6},
			{Kind: analysis.ChangeAddBroker, Broker: oddNames[4], Queues: 2},
			{Kind: analysis.ChangeRemoveBroker, Broker: oddNames[2]},
		}}, three))
	cases = append(cases, scenarioCase(t, "everyone leaves", analysis.Scenario{Topic: "T", Brokers: []string{"b"}, QueuesPerBroker: 2,
		Members: []string{"c0"}, Changes: []analysis.Change{{Kind: analysis.ChangeLeave, Members: []string{"c0"}}}}, three[:1]))

	strategies, err := strategiesOf(three)
	require.NoError(t, err)
	views, err := analysis.Views(strategies, qs, ms, []analysis.View{{Member: ms[0], Members: ms[:3], Strategy: 1}, {Member: ms[2], Strategy: 2}, {Member: ms[5], Members: ms[4:]}},
		analysis.Options{})
	require.NoError(t, err)
	cases = append(cases, viewsCase("views", views))
	o, err := optionsOf(false, roomsAt)
	require.NoError(t, err)
	sub, err := analysis.Subscription(strategies[0], qs, ms, ms[1:4], o)
	require.NoError(t, err)
	cases = append(cases, viewsCase("subscription", sub))
	members := make([]analysis.Member, len(ms))
	for i, m := range ms {
		members[i] = analysis.Member{ID: m, Client: []string{alloc.LanguageJava, alloc.LanguageGo}[i%2]}
	}
	mixed, err := analysis.Mixed(strategies[0], strategies[2], qs, members, analysis.Options{})
	require.NoError(t, err)
	cases = append(cases, viewsCase("mixed", mixed))
	cases = append(cases, compareCase(t, analysis.CompareGroup{Queues: 16, Brokers: 4, Members: 3}), compareCase(t, analysis.CompareGroup{Queues: 8, Brokers: 2, Members: 9}))
	return cases
}

func TestAnalysisJSONSameBytesFromEncodingJSON(t *testing.T) {
	for _, c := range analysisJSONCases(t) {
		t.Run(c.name, func(t *testing.T) {
			var a, b writer
			c.jsonw(jsonw{&a})
			c.std(&b)
			require.True(t, json.Valid(a.b), "%s", a.b)
			assert.Equal(t, string(a.b), string(b.b))
		})
	}
}

// TestJSONStdScalarsSameBytes: jstr and jfloat against jsonw.str and
// jsonw.float, where encoding/json's own encoders would differ.
func TestJSONStdScalarsSameBytes(t *testing.T) {
	std := func(v any) string {
		var w writer
		writeStd(&w, v)
		return string(w.b)
	}
	rng := rand.New(rand.NewPCG(3, 5))
	for i := 0; i < 500; i++ {
		s := randomString(rng) + oddNames[i%len(oddNames)]
		assert.Equal(t, written(func(j jsonw) { j.str(s) }), std(jstr(s)), "%q", s)
	}
	for _, f := range []float64{0, -2.5, 1.0 / 3, 1234567, 1e-5, 1e21, 5e-324, math.NaN(), math.Inf(-1)} {
		assert.Equal(t, written(func(j jsonw) { j.float(f) }), std(jfloat(f)), "%v", f)
	}
}
