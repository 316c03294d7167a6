package candidate

import (
	"cmp"
	"slices"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// Sticky is rendezvous hashing held to an exact balance: every member gets
// ⌊n/c⌋ or ⌈n/c⌉ queues, and within those quotas each queue stays with the
// member it prefers most. The n mod c larger quotas go to the members of
// highest key64(client ID), so a join or a leave changes few quotas. Every
// (queue, member) pair is ranked by its rendezvous weight, highest first;
// in that order a pair is taken when the queue is still free and the member
// is below its quota. That is the one stable matching of the weights under
// those quotas: no queue and member would both rather be together than with
// what they got. It needs no state beyond the queue and client-ID lists,
// like every RocketMQ strategy, and does not depend on their order. Its
// Name is "STICKY".
func Sticky() alloc.Strategy { return strategy{p: sticky{}} }

type sticky struct{}

func (sticky) name() string { return "STICKY" }

// Quotas is how many queues Sticky gives each member: ⌊n/c⌋, plus one for
// the n mod c members of highest key (ties: the earlier member).
func Quotas(queues int, members []string) []int {
	c := len(members)
	out := make([]int, c)
	if c == 0 {
		return out
	}
	mk := memberKeys(members)
	rank := make([]int, c)
	for i := range rank {
		rank[i] = i
	}
	slices.SortStableFunc(rank, func(a, b int) int { return cmp.Compare(mk[b], mk[a]) })
	for i, m := range rank {
		out[m] = queues / c
		if i < queues%c {
			out[m]++
		}
	}
	return out
}

// held is a queue a member holds, with the pair's weight.
type held struct {
	w uint64
	q int32
}

// worse orders pairs as the greedy does, reversed: lower weight, then the
// later queue (or member) first.
func worse(w1 uint64, i1 int32, w2 uint64, i2 int32) bool {
	return w1 < w2 || (w1 == w2 && i1 > i2)
}

// plan finds the stable matching by queue-proposing deferred acceptance
// (Gale and Shapley) rather than by sorting all n·c pairs: each free queue
// proposes to the best member it has not tried, which keeps its quota's best
// proposals (a min-heap) and frees the worst. Preferences on both sides come
// from one order of the pairs (weight, then queue, then member), so the
// stable matching is unique and equals the greedy described at Sticky.
func (sticky) plan(mqAll []alloc.MessageQueue, members []string) ([][]int32, error) {
	n, c := len(mqAll), len(members)
	qk, mk := queueKeys(mqAll), memberKeys(members)
	quota := Quotas(n, members)
	heaps := make([][]held, c)
	// lastW/lastM: the queue's last proposal (none yet: lastM = -1).
	lastW := make([]uint64, n)
	lastM := make([]int32, n)
	free := make([]int32, n)
	for q := range free {
		free[q] = int32(n - 1 - q) // popped from the end: queue 0 first
		lastM[q] = -1
	}
	for len(free) > 0 {
		q := free[len(free)-1]
		free = free[:len(free)-1]
		// The best member below the last proposal in the queue's order
		// (weight descending, then member ascending).
		best, bw := int32(-1), uint64(0)
		for m := int32(0); m < int32(c); m++ {
			if quota[m] == 0 {
				continue
			}
			w := weight(qk[q], mk[m])
			if lastM[q] >= 0 && !worse(w, m, lastW[q], lastM[q]) {
				continue // already tried (or the last itself)
			}
			if best < 0 || worse(bw, best, w, m) {
				best, bw = m, w
			}
		}
		// Quotas add up to n, so a free queue always finds a member.
		lastW[q], lastM[q] = bw, best
		h := heaps[best]
		if len(h) < quota[best] {
			heaps[best] = heapPush(h, held{bw, q})
			continue
		}
		if worse(h[0].w, h[0].q, bw, q) {
			free = append(free, h[0].q)
			h[0] = held{bw, q}
			heapDown(h, 0)
		} else {
			free = append(free, q)
		}
	}
	shares := make([][]int32, c)
	for m, h := range heaps {
		for _, x := range h {
			shares[m] = append(shares[m], x.q)
		}
		slices.Sort(shares[m])
	}
	return shares, nil
}

// heapPush adds x to the min-heap h (by worse: the worst pair on top).
func heapPush(h []held, x held) []held {
	h = append(h, x)
	for i := len(h) - 1; i > 0; {
		p := (i - 1) / 2
		if !worse(h[i].w, h[i].q, h[p].w, h[p].q) {
			break
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
	return h
}

// heapDown restores the heap below i.
func heapDown(h []held, i int) {
	for {
		l, least := 2*i+1, i
		if l < len(h) && worse(h[l].w, h[l].q, h[least].w, h[least].q) {
			least = l
		}
		if r := l + 1; r < len(h) && worse(h[r].w, h[r].q, h[least].w, h[least].q) {
			least = r
		}
		if least == i {
			return
		}
		h[i], h[least] = h[least], h[i]
		i = least
	}
}
