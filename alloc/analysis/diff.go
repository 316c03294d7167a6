package analysis

import (
	"slices"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/sortx"
)

// Diff is what changes between two plans of one group, e.g. before and
// after a consumer joins. Queues are matched by value, members by client ID.
//
// A queue of both plans is Kept when its set of owners is the same in both
// (an orphan that stays an orphan is kept), else Moved; so Kept + Moved =
// Common. Every moved queue pauses, and in RocketMQ may be consumed twice
// while the old owner still holds it.
//
// MinMoves is the least any balanced assignment of b's queues to b's members
// could move, given a: over every assignment that gives each queue of b
// exactly one owner and each member ⌊n/c⌋ or ⌈n/c⌉ of b's n queues (c
// members), the fewest common queues whose owner set changes. A common
// queue can keep its owner only if it had exactly one owner in a and that
// member is in b; if k_m such queues belong to member m, at most
// Σ min(k_m, ⌊n/c⌋) + min(n mod c, #{m : k_m > ⌊n/c⌋}) queues stay, and
// that many can (give the n mod c larger shares to members holding more
// than ⌊n/c⌋). MinMoves = Common − that. Without members in b, MinMoves
// counts the common queues that had an owner. Excess = Moved − MinMoves; it
// is negative when b is not a balanced complete assignment (e.g.
// MACHINE_ROOM leaves other rooms' queues unowned).
//
// Worked example: AVG over q0..q5, a = members [c0 c1] (c0 [q0 q1 q2],
// c1 [q3 q4 q5]); c2 joins, b = c0 [q0 q1], c1 [q2 q3], c2 [q4 q5].
// Moved: q2 (c0→c1), q4 and q5 (c1→c2) = 3; Kept 3. n = 6, c = 3, ⌊n/c⌋ = 2,
// k_c0 = 3, k_c1 = 3, k_c2 = 0: at most 2 + 2 + 0 stay, MinMoves = 6 − 4 = 2
// (e.g. c0 gives q2 and c1 gives q5 to c2), Excess 1.
type Diff struct {
	From        string         `json:"from"` // a's strategy
	To          string         `json:"to"`   // b's strategy
	Common      int            `json:"common"`
	Kept        int            `json:"kept"`
	Moved       int            `json:"moved"`
	Added       int            `json:"added"`   // queues only in b
	Removed     int            `json:"removed"` // queues only in a
	MinMoves    int            `json:"minMoves"`
	Excess      int            `json:"excess"`
	MovedQueues []int32        `json:"movedQueues"` // positions in b's Queues
	Members     []MemberChange `json:"members"`     // members whose queues changed, a's order then b's newcomers
}

// MemberChange is one member's gains and losses between two plans.
type MemberChange struct {
	Member string  `json:"member"`
	InFrom bool    `json:"inFrom"` // a member of a
	InTo   bool    `json:"inTo"`   // a member of b
	Gained []int32 `json:"gained"` // positions in b's Queues it gets and did not have
	Lost   []int32 `json:"lost"`   // positions in a's Queues it had and no longer gets
}

// DiffPlans compares plan a with plan b in O(Q + C) (plus a hash of the
// queues when the two plans do not share their queue list).
func DiffPlans(a, b *alloc.Plan) *Diff {
	pa, pb := viewOf(a), viewOf(b)
	return diffWith(pa, pb, link.Mapping(pa.queues, pb.queues))
}

// memberMapping is, per member of a, its position in b or -1.
func memberMapping(a, b []string) []int32 {
	out := make([]int32, len(a))
	if slices.Equal(a, b) {
		for i := range out {
			out[i] = int32(i)
		}
		return out
	}
	pos := make(map[string]int32, len(b))
	for i, m := range b {
		pos[m] = int32(i)
	}
	for i, m := range a {
		p, ok := pos[m]
		if !ok {
			p = -1
		}
		out[i] = p
	}
	return out
}

func diffWith(a, b *plan, qmap []int32) *Diff {
	d := &Diff{From: PlanLabel(a.p), To: PlanLabel(b.p), MovedQueues: []int32{}, Members: []MemberChange{}}
	mmap := memberMapping(a.members, b.members)
	at := func(i int) int32 { // b's position of a's queue i
		if qmap == nil {
			return int32(i)
		}
		return qmap[i]
	}
	inA := make([]bool, len(b.queues)) // b's queue also in a
	var scratch []int32
	for i := range a.queues {
		j := at(i)
		if j < 0 {
			d.Removed++
			continue
		}
		if inA[j] {
			continue // a lists the queue twice
		}
		inA[j] = true
		d.Common++
		var same bool
		same, scratch = sameOwners(a.owners.Of(i), b.owners.Of(int(j)), mmap, scratch)
		if same {
			d.Kept++
		} else {
			d.Moved++
			d.MovedQueues = append(d.MovedQueues, j)
		}
	}
	sortx.Int32s(d.MovedQueues)
	for j := range b.queues {
		if !inA[j] {
			d.Added++
		}
	}
	d.MinMoves = minMoves(a, b, at, mmap, d.Common)
	d.Excess = d.Moved - d.MinMoves
	d.Members = memberChanges(a, b, qmap, mmap, 2*(d.Moved+d.Added+d.Removed)+16)
	return d
}

// sameOwners reports whether a's owners (a's member positions) are b's
// owners (b's member positions).
func sameOwners(oa, ob []int32, mmap []int32, scratch []int32) (bool, []int32) {
	if len(oa) != len(ob) {
		return false, scratch
	}
	if len(oa) == 1 {
		return mmap[oa[0]] == ob[0], scratch
	}
	scratch = scratch[:0]
	for _, m := range oa {
		scratch = append(scratch, mmap[m])
	}
	sortx.Int32s(scratch)
	return slices.Equal(scratch, ob), scratch
}

func minMoves(a, b *plan, at func(int) int32, mmap []int32, common int) int {
	n, c := len(b.queues), len(b.members)
	if c == 0 {
		owned := 0
		for i := range a.queues {
			if at(i) >= 0 && a.owners.Count(i) > 0 {
				owned++
			}
		}
		return owned
	}
	k := make([]int, c)
	seen := make([]bool, n)
	for i := range a.queues {
		j := at(i)
		if j < 0 || seen[j] {
			continue
		}
		seen[j] = true
		if o := a.owners.Of(i); len(o) == 1 && mmap[o[0]] >= 0 {
			k[mmap[o[0]]]++
		}
	}
	base, extra := n/c, n%c
	stay, over := 0, 0
	for _, km := range k {
		stay += min(km, base)
		if km > base {
			over++
		}
	}
	stay += min(extra, over)
	return common - stay
}

// memberChanges lists the members whose queues differ between a and b.
// sizeHint estimates the number of gained and lost entries.
func memberChanges(a, b *plan, qmap, mmap []int32, sizeHint int) []MemberChange {
	out := make([]MemberChange, 0, min(len(a.members)+len(b.members), sizeHint))
	inB := make([]bool, len(b.members))
	// back[j] = a's position of b's queue j, or -1.
	back := make([]int32, len(b.queues))
	for j := range back {
		back[j] = -1
	}
	for i := len(a.queues) - 1; i >= 0; i-- {
		j := int32(i)
		if qmap != nil {
			j = qmap[i]
		}
		if j >= 0 {
			back[j] = int32(i)
		}
	}
	// Every Gained and Lost list is a window of one growing buffer.
	buf := make([]int32, 0, sizeHint)
	for ma, cid := range a.members {
		mb := mmap[ma]
		start := len(buf)
		for _, i := range a.shares[ma] {
			j := int32(i)
			if qmap != nil {
				j = qmap[i]
			}
			if j < 0 || mb < 0 || !slices.Contains(b.owners.Of(int(j)), mb) {
				buf = append(buf, i)
			}
		}
		lost := buf[start:len(buf):len(buf)]
		start = len(buf)
		if mb >= 0 {
			inB[mb] = true
			for _, j := range b.shares[mb] {
				i := back[j]
				if i < 0 || !slices.Contains(a.owners.Of(int(i)), int32(ma)) {
					buf = append(buf, j)
				}
			}
		}
		gained := buf[start:len(buf):len(buf)]
		if len(gained) > 0 || len(lost) > 0 || mb < 0 {
			out = append(out, MemberChange{Member: cid, InFrom: true, InTo: mb >= 0, Gained: gained, Lost: lost})
		}
	}
	for mb, cid := range b.members {
		if inB[mb] {
			continue
		}
		out = append(out, MemberChange{Member: cid, InTo: true, Gained: append([]int32{}, b.shares[mb]...), Lost: []int32{}})
	}
	return out
}
