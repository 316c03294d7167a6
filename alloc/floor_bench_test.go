package alloc

import (
	"fmt"
	"slices"
	"strconv"
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc/internal/md5"
	"github.com/rmqalloc/rmqalloc/internal/javalang"
)

// The floors: each strategy's irreducible whole-group work written as the
// simplest loop, for BenchmarkFloor. make bench prints every BenchmarkGroup
// result as a ratio to the floor of the same strategy and size.
//
// A floor must be honest: what AllocateAll's caller gets must be
// computable from what the floor produces (TestFloorsAgreeWithPlans checks
// it). Every floor therefore finds the group's distinct members (a later
// duplicate's share belongs to nobody) and ends with the owner of every
// queue (-1: nobody); a queue has at most one owner under these strategies.

// floorOut is what a floor produces.
type floorOut struct {
	members []string         // distinct client IDs in cidAll order
	index   map[string]int32 // client ID -> member: Plan.Of's lookup
	owner   []int32          // per queue: the member that gets it, or -1
	// NEARBY only: each queue's room, each member's room and the rooms
	// without consumers in Java string order — a member's list is its own
	// room's queues, then each orphan room's, in mqAll order within a room.
	qroom, mroom []int32
	orphans      []int32
}

// floorMembers indexes cidAll with a map: slot[i] is the member at cidAll
// position i, or -1 when i is not its first occurrence.
func floorMembers(cidAll []string) (members []string, slot []int32, index map[string]int32) {
	index = make(map[string]int32, len(cidAll))
	members = make([]string, 0, len(cidAll))
	slot = make([]int32, len(cidAll))
	for i, c := range cidAll {
		if _, seen := index[c]; seen {
			slot[i] = -1
			continue
		}
		index[c] = int32(len(members))
		slot[i] = int32(len(members))
		members = append(members, c)
	}
	return members, slot, index
}

// floorAVG: the members, then one owner write per queue, block by block.
func floorAVG(mqAll []MessageQueue, cidAll []string) floorOut {
	members, slot, index := floorMembers(cidAll)
	owner := make([]int32, len(mqAll))
	for i := range cidAll {
		start, n := AverageRange(i, len(mqAll), len(cidAll))
		for j := start; j < start+n; j++ {
			owner[j] = slot[i]
		}
	}
	return floorOut{members: members, index: index, owner: owner}
}

// floorCircle: the members, then one owner write per queue, round the
// circle.
func floorCircle(mqAll []MessageQueue, cidAll []string) floorOut {
	members, slot, index := floorMembers(cidAll)
	owner := make([]int32, len(mqAll))
	for j := range owner {
		owner[j] = slot[j%len(cidAll)]
	}
	return floorOut{members: members, index: index, owner: owner}
}

// floorNode is one virtual node of floorConsistentHash.
type floorNode struct {
	pos    int64
	at     int32 // insertion order: of equal positions the last one stays
	member int32
}

// floorConsistentHash: the digests, the ring sort and one lookup per queue,
// on the project's MD5 (alloc/internal/md5: First32 per node key; per
// queue key its Hasher, which reuses the first block a broker's queue keys
// share) — the same digest code the strategy runs. No duplicate consumer:
// the floor is measured on benchTopic, whose IDs are distinct.
func floorConsistentHash(mqAll []MessageQueue, cidAll []string, vn int) floorOut {
	members, slot, index := floorMembers(cidAll)
	nodes := make([]floorNode, 0, len(cidAll)*vn)
	var buf []byte
	for i, c := range cidAll {
		for k := 0; k < vn; k++ {
			buf = append(append(buf[:0], c...), '-')
			buf = strconv.AppendInt(buf, int64(k), 10)
			nodes = append(nodes, floorNode{pos: int64(md5.First32(buf)), at: int32(len(nodes)), member: slot[i]})
		}
	}
	slices.SortFunc(nodes, func(a, b floorNode) int {
		if a.pos != b.pos {
			return cmpInt64(a.pos, b.pos)
		}
		return int(a.at - b.at)
	})
	ring := nodes[:0]
	for k, n := range nodes {
		if k+1 < len(nodes) && nodes[k+1].pos == n.pos {
			continue
		}
		ring = append(ring, n)
	}
	owner := make([]int32, len(mqAll))
	var h md5.Hasher
	for j, q := range mqAll {
		buf = q.AppendString(buf[:0])
		p := int64(h.First32(buf))
		k, _ := slices.BinarySearchFunc(ring, p, func(n floorNode, p int64) int { return cmpInt64(n.pos, p) })
		if k == len(ring) {
			k = 0
		}
		owner[j] = ring[k].member
	}
	return floorOut{members: members, index: index, owner: owner}
}

// floorNearby: one split per distinct broker name (a broker's queues are
// adjacent in mqAll: a name equal to the previous queue's is not looked
// up again) and per distinct client ID, then AVG per room — own rooms
// among their consumers (cidAll order, duplicates counted), orphan rooms
// among all of cidAll. Fields as benchStrategies' SplitResolver("-", 1, 2).
func floorNearby(mqAll []MessageQueue, cidAll []string) floorOut {
	roomIndex := map[string]int32{}
	var roomNames []string
	room := func(name string) int32 {
		k, ok := roomIndex[name]
		if !ok {
			k = int32(len(roomNames))
			roomIndex[name] = k
			roomNames = append(roomNames, name)
		}
		return k
	}
	split := func(s string, field int) string {
		p, ok := splitPiece(s, "-", field)
		if !ok || p == "" {
			panic("floorNearby: no room in " + s)
		}
		return p
	}
	brokerRoom := map[string]int32{}
	qroom := make([]int32, len(mqAll))
	for j, q := range mqAll {
		if j > 0 && q.BrokerName == mqAll[j-1].BrokerName {
			qroom[j] = qroom[j-1]
			continue
		}
		k, ok := brokerRoom[q.BrokerName]
		if !ok {
			k = room(split(q.BrokerName, 1))
			brokerRoom[q.BrokerName] = k
		}
		qroom[j] = k
	}
	members, slot, index := floorMembers(cidAll)
	mroom := make([]int32, len(members))
	for m, c := range members {
		mroom[m] = room(split(c, 2))
	}
	// Each room's queues and consumers, by counting.
	n := len(roomNames)
	qstart, cstart := make([]int32, n+1), make([]int32, n+1)
	for _, k := range qroom {
		qstart[k+1]++
	}
	for _, c := range cidAll {
		cstart[mroom[index[c]]+1]++
	}
	for k := 0; k < n; k++ {
		qstart[k+1] += qstart[k]
		cstart[k+1] += cstart[k]
	}
	qat, cat := make([]int32, len(mqAll)), make([]int32, len(cidAll))
	qnext, cnext := slices.Clone(qstart[:n]), slices.Clone(cstart[:n])
	for j, k := range qroom {
		qat[qnext[k]] = int32(j)
		qnext[k]++
	}
	for i, c := range cidAll {
		k := mroom[index[c]]
		cat[cnext[k]] = int32(i)
		cnext[k]++
	}
	owner := make([]int32, len(mqAll))
	var orphans []int32
	for k := 0; k < n; k++ {
		qs := qat[qstart[k]:qstart[k+1]]
		cs := cat[cstart[k]:cstart[k+1]]
		if len(qs) == 0 {
			continue
		}
		if len(cs) == 0 {
			orphans = append(orphans, int32(k))
			continue
		}
		for r, i := range cs {
			start, cnt := AverageRange(r, len(qs), len(cs))
			for _, j := range qs[start : start+cnt] {
				owner[j] = slot[i]
			}
		}
	}
	slices.SortFunc(orphans, func(a, b int32) int { return javalang.CompareStrings(roomNames[a], roomNames[b]) })
	for _, k := range orphans {
		qs := qat[qstart[k]:qstart[k+1]]
		for i := range cidAll {
			start, cnt := AverageRange(i, len(qs), len(cidAll))
			for _, j := range qs[start : start+cnt] {
				owner[j] = slot[i]
			}
		}
	}
	return floorOut{members: members, index: index, owner: owner, qroom: qroom, mroom: mroom, orphans: orphans}
}

// benchSizes are BenchmarkGroup's sizes, Q×C.
var benchSizes = [][2]int{{16, 4}, {256, 32}, {4096, 256}, {20000, 1000}}

// benchFloors are BenchmarkFloor's floors, by the names of benchStrategies.
var benchFloors = []struct {
	name  string
	floor func(mqAll []MessageQueue, cidAll []string) floorOut
}{
	{"AVG", floorAVG},
	{"AVG_BY_CIRCLE", floorCircle},
	{"CONSISTENT_HASH_vn10", func(mqAll []MessageQueue, cidAll []string) floorOut {
		return floorConsistentHash(mqAll, cidAll, 10)
	}},
	{"NEARBY_AVG_4rooms", floorNearby},
}

// floorSink keeps each floor's output alive, as a plan is.
var floorSink floorOut

// BenchmarkFloor is BenchmarkGroup's strategies, sizes and inputs, each
// run through its floor.
func BenchmarkFloor(b *testing.B) {
	for _, f := range benchFloors {
		b.Run(f.name, func(b *testing.B) {
			for _, sz := range benchSizes {
				mqs, cids := benchTopic(sz[0], sz[1])
				b.Run(fmt.Sprintf("Q=%d,C=%d", sz[0], sz[1]), func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						floorSink = f.floor(mqs, cids)
					}
				})
			}
		})
	}
}
