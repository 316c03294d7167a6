package candidate

import "github.com/rmqalloc/rmqalloc/alloc"

// Rendezvous is highest-random-weight hashing (Thaler and Ravishankar): each
// queue goes to the member of highest weight(queue, member). A member that
// joins takes only the queues it now wins, and one that leaves hands out only
// its own, so movement is the least any strategy can do; balance is only
// statistical (about n/c ± √(n/c) queues each). Its Name is "RENDEZVOUS".
func Rendezvous() alloc.Strategy { return strategy{p: rendezvous{}} }

type rendezvous struct{}

func (rendezvous) name() string { return "RENDEZVOUS" }

func (rendezvous) plan(mqAll []alloc.MessageQueue, members []string) ([][]int32, error) {
	qk, mk := queueKeys(mqAll), memberKeys(members)
	shares := make([][]int32, len(members))
	for q, k := range qk {
		best, bw := 0, weight(k, mk[0])
		for m := 1; m < len(mk); m++ {
			// Ties (equal 64-bit weights) go to the earlier member.
			if w := weight(k, mk[m]); w > bw {
				best, bw = m, w
			}
		}
		shares[best] = append(shares[best], int32(q))
	}
	return shares, nil
}
