//go:build rmqfull

package main

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/analysis"
)

// BenchmarkAnalysisJSON writes analysis answers with jsonw (json.go) and
// with encoding/json (json_std_test.go: the same bytes), to re-measure why
// the full build keeps jsonw though it links encoding/json for the doctor:
//
//	go test -tags rmqfull -run '^$' -bench BenchmarkAnalysisJSON -benchmem -count 5 ./wasm/
//
// Measured on 2026-12-02 (2 shared cores, interleaved rounds, medians),
// encoding/json / jsonw: scenario 5.5x the time (3,780 allocations
// against 6), compare 1.8x (its Markdown table is common to both), plan
// 20,000 × 1,000 7.1x (82,714 allocations, 2.2 MB, against none). Even
// with plain strings (wrong bytes for lone surrogates, \b, \f, U+2028)
// encoding/json took 1.9x, 1.0x and 2.1x.
//
// The size side: with the handlers on json_std_test.go's mirror types (as
// a non-test file) and json.go gone, make build gave js/rmqalloc-full.wasm
// 6,752,778 bytes, 1,834,123 gzip -9, against jsonw's 6,751,482 and
// 1,831,076: jsonw's code is smaller than the mirror types, their
// conversions and the escaping encoding/json still needs from us.
func BenchmarkAnalysisJSON(b *testing.B) {
	for _, c := range benchJSONCases(b) {
		b.Run(c.name+"/jsonw", func(b *testing.B) {
			var w writer
			c.jsonw(jsonw{&w})
			b.SetBytes(int64(len(w.b)))
			b.ReportAllocs()
			for b.Loop() {
				w.b = w.b[:0]
				c.jsonw(jsonw{&w})
			}
		})
		b.Run(c.name+"/encoding-json", func(b *testing.B) {
			var w writer
			c.std(&w)
			b.SetBytes(int64(len(w.b)))
			b.ReportAllocs()
			for b.Loop() {
				w.b = w.b[:0]
				c.std(&w)
			}
		})
	}
}

// benchJSONCases: a typical scenario (4 brokers × 8 queues, 10 consumers,
// 5 changes, 3 strategies), the README's compare (64 queues, 4 brokers,
// 8 members) and a large plan (20,000 queues × 1,000 consumers).
func benchJSONCases(b *testing.B) []jsonCase {
	b.Helper()
	members := make([]string, 10)
	for i := range members {
		members[i] = fmt.Sprintf("10.0.0.%d@%d", i+1, 1000+i)
	}
	three := []wireClientStrategy{spec(clientJava493, "AVG"), spec(clientJava533, "AVG_BY_CIRCLE"), spec(clientGo, "CONSISTENT_HASH")}
	scenario := scenarioCase(b, "4x8 10c 5 changes 3 strategies", analysis.Scenario{Topic: "TopicTest",
		Brokers: []string{"broker-a", "broker-b", "broker-c", "broker-d"}, QueuesPerBroker: 8, Members: members,
		Changes: []analysis.Change{
			{Kind: analysis.ChangeJoin, Members: []string{"10.0.0.11@1010", "10.0.0.12@1011"}},
			{Kind: analysis.ChangeCrash, Members: []string{members[3]}},
			{Kind: analysis.ChangeLeave, Members: []string{members[5]}},
			{Kind: analysis.ChangeAddBroker, Broker: "broker-e", Queues: 8},
			{Kind: analysis.ChangeRemoveBroker, Broker: "broker-a"},
		}}, three)

	compare := compareCase(b, analysis.CompareGroup{Queues: 64, Brokers: 4, Members: 8})

	qs := make([]alloc.MessageQueue, 0, 20000)
	for br := 0; br < 50; br++ {
		for q := 0; q < 400; q++ {
			qs = append(qs, alloc.MessageQueue{Topic: "TopicTest", BrokerName: fmt.Sprintf("broker-%02d", br), QueueID: int32(q)})
		}
	}
	cs := make([]string, 1000)
	for i := range cs {
		cs[i] = fmt.Sprintf("10.0.%d.%d@%d", i/250, i%250, 4000+i)
	}
	plan := planCase(b, "20000x1000", wirePlanInput{Strategy: spec(clientJava493, "AVG"), Queues: callQlist{qs: qs}, Members: cs, Sort: true})
	require.Len(b, plan, 2)
	return []jsonCase{scenario, compare, plan[0]}
}
