package candidate

import (
	"cmp"
	"slices"
	"strconv"

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
// Name is "STICKY". Queues × members is limited to MaxPairs.
func Sticky() alloc.Strategy { return strategy{p: sticky{}} }

type sticky struct{}

func (sticky) name() string { return "STICKY" }

type pair struct {
	w    uint64
	q, m int32
}

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

func (sticky) plan(mqAll []alloc.MessageQueue, members []string) ([][]int32, error) {
	n, c := len(mqAll), len(members)
	if int64(n)*int64(c) > MaxPairs {
		return nil, limitErr("mqAll", "queues × members above "+strconv.Itoa(MaxPairs))
	}
	qk, mk := queueKeys(mqAll), memberKeys(members)
	pairs := make([]pair, 0, n*c)
	for q, k := range qk {
		for m, km := range mk {
			pairs = append(pairs, pair{w: weight(k, km), q: int32(q), m: int32(m)})
		}
	}
	slices.SortFunc(pairs, func(x, y pair) int {
		return cmp.Or(cmp.Compare(y.w, x.w), cmp.Compare(x.q, y.q), cmp.Compare(x.m, y.m))
	})
	owner := make([]int32, n)
	for i := range owner {
		owner[i] = -1
	}
	quota := Quotas(n, members)
	left := n // the quotas add up to n: every queue gets an owner
	for _, p := range pairs {
		if left == 0 {
			break
		}
		if owner[p.q] < 0 && quota[p.m] > 0 {
			owner[p.q] = p.m
			quota[p.m]--
			left--
		}
	}
	shares := make([][]int32, c)
	for q, m := range owner {
		shares[m] = append(shares[m], int32(q))
	}
	return shares, nil
}
