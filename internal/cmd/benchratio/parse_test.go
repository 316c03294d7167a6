package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const sampleOutput = `goos: linux
BenchmarkGroup/AVG/Q=16,C=4         	  260730	       300.0 ns/op	     640 B/op	       3 allocs/op
BenchmarkGroup/AVG/Q=16,C=4         	  260730	       900.0 ns/op	     640 B/op	       3 allocs/op
BenchmarkGroup/AVG/Q=16,C=4         	  260730	       100.0 ns/op	     640 B/op	       3 allocs/op
BenchmarkGroup/CONSISTENT_HASH_vn10/Q=4096,C=256-2  	   15950	     15000 ns/op
BenchmarkFloor/AVG/Q=16,C=4   	  260730	       100.0 ns/op	     128 B/op	       2 allocs/op
BenchmarkFloor/CONSISTENT_HASH_vn10/Q=4096,C=256-2  	   15950	     16000 ns/op
BenchmarkGroup/NEARBY_AVG_4rooms/Q=20000,C=1000-2  	   100	     400000 ns/op
BenchmarkClientGoAVG/each/Q=20000,C=1000-2  	   100	     3000000 ns/op
BenchmarkGroup/AVG_BY_CIRCLE/Q=16,C=4         	  1	       1 ns/op
PASS
`

func TestRatioRows(t *testing.T) {
	r := newResults()
	for _, l := range strings.Split(sampleOutput, "\n") {
		r.add(l)
	}
	rows := r.ratioRows()
	require.Len(t, rows, 2) // AVG_BY_CIRCLE has no floor
	assert.Equal(t, key{"Group", "AVG", "Q=16,C=4", 1}, rows[0].key)
	assert.Equal(t, 3, rows[0].runs)
	assert.InDelta(t, 3.0, rows[0].ratio(), 1e-9) // median 300 / 100 (one floor run: unpaired)
	assert.Equal(t, int64(3), rows[0].group.allocs)
	assert.False(t, rows[0].pass())
	assert.Equal(t, 2, rows[1].cpu)
	assert.Equal(t, 1.0, rows[1].target) // CONSISTENT_HASH on two cores: under the floor
	assert.True(t, rows[1].pass())
	cg := r.clientGoRows()
	require.Len(t, cg, 1)
	assert.InDelta(t, 7.5, cg[0].speedUp(), 1e-9)
	assert.Equal(t, 5.0, cg[0].target)
}

func TestTargets(t *testing.T) {
	assert.Equal(t, 2.0, target(key{strategy: "AVG", cpu: 2}))
	assert.Equal(t, 1.2, target(key{strategy: "CONSISTENT_HASH_vn10", size: "Q=20000,C=1000", cpu: 1}))
	assert.Equal(t, 1.0, target(key{strategy: "CONSISTENT_HASH_vn10", size: "Q=20000,C=1000", cpu: 2}))
	assert.Equal(t, 1.2, target(key{strategy: "CONSISTENT_HASH_vn10", size: "Q=256,C=32", cpu: 2}))
}

func TestPairedRatio(t *testing.T) {
	gs := []sample{{ns: 200}, {ns: 900}, {ns: 120}}
	fs := []sample{{ns: 100}, {ns: 300}, {ns: 100}}
	assert.InDelta(t, 2.0, pairedRatio(gs, fs), 1e-9) // ratios 2, 3, 1.2
	assert.InDelta(t, 2.5, pairedRatio(gs[:2], fs[:2]), 1e-9)
	assert.Zero(t, pairedRatio(gs, fs[:2]))
}
