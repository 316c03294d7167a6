//go:build rmqfull

package main

import (
	"encoding/binary"
	"encoding/json"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/internal/testkit"
)

// positionsReader decodes a positions answer (analysis_positions.go).
type positionsReader struct {
	t *testing.T
	b []byte
}

func (r *positionsReader) json(v any) {
	n := binary.LittleEndian.Uint32(r.b)
	require.NoError(r.t, json.Unmarshal(r.b[4:4+n], v))
	r.b = r.b[4+n:]
}

func (r *positionsReader) int32s() []int32 {
	rd := reader{b: r.b}
	n := int(rd.uvarint())
	out := make([]int32, n)
	for i := range out {
		out[i] = int32(binary.LittleEndian.Uint32(r.b[rd.p+4*i:]))
	}
	r.b = r.b[rd.p+4*n:]
	return out
}

func (r *positionsReader) lists() [][]int32 {
	start, items := r.int32s(), r.int32s()
	out := make([][]int32, len(start)-1)
	for i := range out {
		out[i] = items[start[i]:start[i+1]]
	}
	return out
}

func TestAnalysisDiffByPosition(t *testing.T) {
	// The worked example of TestFullBuildServesAnalysisDiff, with the
	// queues given in reverse and sorted: q0..q5 sit at given positions
	// 5..0, so sorted positions 2, 4, 5 are given positions 3, 1, 0.
	qs := testkit.Queues("b", 6)
	slices.Reverse(qs)
	p, err := handleAnalysisDiff(analysisDiffRequest{From: planIn(qs, []string{"c0", "c1"}, true), To: planIn(qs, []string{"c0", "c1", "c2"}, true), Positions: true})
	r := &positionsReader{t: t, b: answerOf(t, p.Answer, err)}

	var from struct{ Members []string }
	r.json(&from)
	assert.Equal(t, []string{"c0", "c1"}, from.Members)
	assert.Equal(t, []int32{5, 4, 3, 2, 1, 0}, r.int32s(), "from: order")
	assert.Equal(t, [][]int32{{5, 4, 3}, {2, 1, 0}}, r.lists(), "from: shares")
	r.json(&struct{}{})
	assert.Equal(t, []int32{5, 4, 3, 2, 1, 0}, r.int32s(), "to: order")
	assert.Equal(t, [][]int32{{5, 4}, {3, 2}, {1, 0}}, r.lists(), "to: shares")

	var d struct {
		Moved   int
		Members []struct{ Member string }
	}
	r.json(&d)
	assert.Equal(t, 3, d.Moved)
	assert.Equal(t, []int32{3, 1, 0}, r.int32s(), "moved queues")
	require.Len(t, d.Members, 3)
	gained, lost := r.lists(), r.lists()
	byMember := map[string][2][]int32{}
	for i, m := range d.Members {
		byMember[m.Member] = [2][]int32{gained[i], lost[i]}
	}
	assert.Equal(t, [2][]int32{{}, {3}}, byMember["c0"], "c0 loses q2")
	assert.Equal(t, [2][]int32{{3}, {1, 0}}, byMember["c1"], "c1 gains q2, loses q4 q5")
	assert.Equal(t, [2][]int32{{1, 0}, {}}, byMember["c2"], "c2 gains q4 q5")
	assert.Empty(t, r.b, "nothing after the diff")
}

func TestAnalysisPlanWithoutPositionsAnswersJSON(t *testing.T) {
	in := planIn(testkit.Queues("b", 3), []string{"c0"}, false)
	p, err := handleAnalysisPlan(analysisPlanRequest{Plan: in})
	resp := answerOf(t, p.Answer, err)
	assert.True(t, json.Valid(resp), "%s", resp)
	p, err = handleAnalysisPlan(analysisPlanRequest{Plan: in, Positions: true})
	r := &positionsReader{t: t, b: answerOf(t, p.Answer, err)}
	var plan struct{ Members []string }
	r.json(&plan)
	assert.Equal(t, []string{"c0"}, plan.Members)
	assert.Equal(t, []int32{0, 1, 2}, r.int32s(), "order: as given")
	assert.Equal(t, [][]int32{{0, 1, 2}}, r.lists(), "shares")
	assert.Empty(t, r.b, "nothing after the plan")
}
