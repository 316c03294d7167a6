package main

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// key names one benchmark result: kind is "Group", "Floor" or "ClientGoAVG"
// (whose strategy is how the client is called: "each" or "group"); cpu is
// the -cpu value (1 when the name has no suffix).
type key struct {
	kind, strategy, size string
	cpu                  int
}

// sample is one line's figures; allocs is -1 without -benchmem.
type sample struct {
	ns     float64
	allocs int64
}

// results collects samples in order of first appearance.
type results struct {
	order []key
	by    map[key][]sample
}

func newResults() *results { return &results{by: map[key][]sample{}} }

var benchLine = regexp.MustCompile(`^Benchmark(Group|Floor|ClientGoAVG)/([^/\s]+)/(Q=\d+,C=\d+)(?:-(\d+))?\s+\d+\s+([\d.]+) ns/op(?:\s+\d+ B/op\s+(\d+) allocs/op)?`)

// add records line when it is a result of interest.
func (r *results) add(line string) {
	m := benchLine.FindStringSubmatch(line)
	if m == nil {
		return
	}
	k := key{kind: m[1], strategy: m[2], size: m[3], cpu: 1}
	if m[4] != "" {
		k.cpu, _ = strconv.Atoi(m[4])
	}
	ns, err := strconv.ParseFloat(m[5], 64)
	if err != nil {
		return
	}
	s := sample{ns: ns, allocs: -1}
	if m[6] != "" {
		s.allocs, _ = strconv.ParseInt(m[6], 10, 64)
	}
	if _, ok := r.by[k]; !ok {
		r.order = append(r.order, k)
	}
	r.by[k] = append(r.by[k], s)
}

// median is the median sample by ns/op (the lower middle of an even count).
func median(ss []sample) sample {
	c := slices.Clone(ss)
	slices.SortFunc(c, func(a, b sample) int {
		switch {
		case a.ns < b.ns:
			return -1
		case a.ns > b.ns:
			return 1
		}
		return 0
	})
	return c[(len(c)-1)/2]
}

// row is one group benchmark against its floor.
type row struct {
	key
	group, floor sample // medians
	runs         int
	paired       float64 // the median of per-run ratios, 0 when unpaired
	target       float64
}

// ratio is the median of the ratios of the runs, paired in order (the
// k-th group run with the k-th floor run: scripts/bench-pairs.sh runs them
// side by side), or the ratio of the medians when the counts differ.
func (r row) ratio() float64 {
	if r.paired > 0 {
		return r.paired
	}
	return r.group.ns / r.floor.ns
}

func (r row) pass() bool { return r.ratio() <= r.target }

// pairedRatio is the median of gs[k].ns / fs[k].ns, 0 when the counts
// differ.
func pairedRatio(gs, fs []sample) float64 {
	if len(gs) != len(fs) || len(gs) == 0 {
		return 0
	}
	rs := make([]float64, len(gs))
	for k := range gs {
		rs[k] = gs[k].ns / fs[k].ns
	}
	slices.Sort(rs)
	if len(rs)%2 == 1 {
		return rs[len(rs)/2]
	}
	return (rs[len(rs)/2-1] + rs[len(rs)/2]) / 2
}

// target is the ratio a group must stay within: 2 in general;
// CONSISTENT_HASH 1.2 on one core and, with more cores at the sizes where
// it hashes in parallel (Q >= 4096), below 1, i.e. under the
// single-threaded floor.
func target(k key) float64 {
	if !strings.HasPrefix(k.strategy, "CONSISTENT_HASH") {
		return 2
	}
	var q, c int
	if _, err := fmt.Sscanf(k.size, "Q=%d,C=%d", &q, &c); err == nil && k.cpu > 1 && q >= 4096 {
		return 1
	}
	return 1.2
}

// ratioRows pairs every group result with its floor.
func (r *results) ratioRows() []row {
	var rows []row
	for _, k := range r.order {
		if k.kind != "Group" {
			continue
		}
		fk := k
		fk.kind = "Floor"
		floors, ok := r.by[fk]
		if !ok {
			continue
		}
		rows = append(rows, row{key: k, group: median(r.by[k]), floor: median(floors), runs: len(r.by[k]),
			paired: pairedRatio(r.by[k], floors), target: target(k)})
	}
	return rows
}

// cgRow is MACHINE_ROOM_NEARBY's group against the Go client's AVG.
type cgRow struct {
	key
	nearby, client sample
	paired         float64 // median of per-run client/nearby, 0 when unpaired
	target         float64 // minimum speed-up; 0: none
}

// speedUp is the median of the per-run speed-ups (paired in order), or
// the ratio of the medians when the counts differ.
func (r cgRow) speedUp() float64 {
	if r.paired > 0 {
		return r.paired
	}
	return r.client.ns / r.nearby.ns
}

// nearbyName is the NEARBY benchmark BenchmarkClientGoAVG is compared with.
const nearbyName = "NEARBY_AVG_4rooms"

// clientGoRows pairs BenchmarkClientGoAVG/each with the NEARBY group of the
// same size and -cpu. The 5× target applies at the largest size, 20000×1000.
func (r *results) clientGoRows() []cgRow {
	var rows []cgRow
	for _, k := range r.order {
		if k.kind != "ClientGoAVG" || k.strategy != "each" {
			continue
		}
		nk := key{kind: "Group", strategy: nearbyName, size: k.size, cpu: k.cpu}
		ns, ok := r.by[nk]
		if !ok {
			continue
		}
		t := 0.0
		if k.size == "Q=20000,C=1000" {
			t = 5
		}
		rows = append(rows, cgRow{key: nk, nearby: median(ns), client: median(r.by[k]), paired: pairedRatio(r.by[k], ns), target: t})
	}
	return rows
}
