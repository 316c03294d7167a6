package analysis

import (
	"strconv"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// View is what one consumer sees when it rebalances: its own client ID,
// the member list the broker gave it, and the strategy it runs.
type View struct {
	Member string `json:"member"`
	// Members is the member list (cidAll) this consumer sees; nil means the
	// group's list.
	Members []string `json:"members,omitempty"`
	// Strategy is an index into the strategies given to Views.
	Strategy int `json:"strategy"`
}

// ViewsResult is what a group of consumers with possibly different views
// actually consumes: each consumer ran its own strategy on its own view
// and took its own share. Combined is that as a plan (Members: the
// consumers, in views order; Strategy "VIEWS", no Client), Stats its
// StatsOf (with Options.Rooms).
type ViewsResult struct {
	Combined    *alloc.Plan   `json:"-"`
	Stats       Stats         `json:"stats"`
	Strategies  []string      `json:"strategies"`  // per consumer: the Label of its strategy
	DoubleOwned []QueueOwners `json:"doubleOwned"` // queues two or more consumers take
	Orphaned    []int32       `json:"orphaned"`    // queues nobody takes (positions in Combined.Queues)
}

// QueueOwners is a queue (position in Combined.Queues) and the consumers
// (positions in Combined.Members) that take it.
type QueueOwners struct {
	Queue  int32   `json:"queue"`
	Owners []int32 `json:"owners"`
}

// Views runs, for every view, its consumer's strategy on the consumer's
// own member list (sorted as its client sorts, unless o.AsGiven) and keeps that
// consumer's share; then lists the queues several consumers take and those
// nobody takes. Consumers with identical views share one computation, so a
// thousand consumers that mostly agree cost a few whole-group plans.
//
// Example: AVG over q0..q5; c3 has just joined and the group is
// [c1 c2 c3], but c1 still sees [c1 c2] and c2 still lists c0, who left:
// [c0 c1 c2 c3]. c1 takes [q0 q1 q2], c2 (third of four) [q4], c3 (third
// of three) [q4 q5]: q4 is consumed twice and nobody consumes q3.
func Views(strategies []alloc.Strategy, queues []alloc.MessageQueue, members []string, views []View, o Options) (*ViewsResult, error) {
	for i, s := range strategies {
		if s == nil {
			return nil, &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.NullPointerException, Field: "strategies[" + strconv.Itoa(i) + "]", Msg: "strategy is null"}
		}
	}
	for i, v := range views {
		if v.Strategy < 0 || v.Strategy >= len(strategies) {
			return nil, &alloc.Error{Kind: alloc.ErrIndexOutOfRange, JavaClass: alloc.ArrayIndexOutOfBoundsException, Field: "views[" + strconv.Itoa(i) + "].strategy",
				Msg: "strategy index " + strconv.Itoa(v.Strategy) + " out of range for " + strconv.Itoa(len(strategies)) + " strategies"}
		}
	}
	order, sorted, given := link.Order(queues, !o.AsGiven)
	consumers := make([]string, len(views))
	shares := make([][]int32, len(views))
	var errs []error
	res := &ViewsResult{Strategies: make([]string, len(views)), DoubleOwned: []QueueOwners{}, Orphaned: []int32{}}
	cache := map[string]*plan{}
	for c, v := range views {
		consumers[c] = v.Member
		s := strategies[v.Strategy]
		res.Strategies[c] = Label(s)
		seen := members
		key := strconv.Itoa(v.Strategy) + "\x01*"
		if v.Members != nil {
			seen = v.Members
			key = strconv.Itoa(v.Strategy) + "\x01" + joinKey(v.Members)
		}
		p, ok := cache[key]
		if !ok {
			view, _ := link.View("", order, seen)
			p = viewOf(link.Plan(view, s))
			cache[key] = p
		}
		m, isMember := memberIndex(p, v.Member)
		if !isMember {
			shares[c] = []int32{} // not in its own list: Java and Go give nothing
			continue
		}
		if err := p.p.MemberErr(m); err != nil {
			if errs == nil {
				errs = make([]error, len(views))
			}
			errs[c] = err
		}
		shares[c] = p.shares[m]
	}
	comb := viewOf(link.Combine("VIEWS", nil, sorted, consumers, shares, errs, given))
	res.Combined = comb.p
	res.Stats = computeStats(comb, o.Rooms)
	for i := range comb.queues {
		switch own := comb.owners.Of(i); {
		case len(own) == 0:
			res.Orphaned = append(res.Orphaned, int32(i))
		case len(own) > 1:
			res.DoubleOwned = append(res.DoubleOwned, QueueOwners{Queue: int32(i), Owners: own})
		}
	}
	return res, nil
}

// memberIndex is the position of cid in p.Members.
func memberIndex(p *plan, cid string) (int, bool) {
	for m, c := range p.members {
		if c == cid {
			return m, true
		}
	}
	return 0, false
}

// Subscription is the subscription mismatch: members lists the whole
// group, but only subscribers subscribe to the topic. Every subscriber
// still counts the others in its member list, so the shares of
// non-subscribers are never consumed: they are ViewsResult.Orphaned.
//
// Example: AVG, queues q0..q3, group [c0 c1], only c0 subscribes: c0
// takes [q0 q1]; q2 and q3 (c1's share) are orphaned.
func Subscription(s alloc.Strategy, queues []alloc.MessageQueue, members, subscribers []string, o Options) (*ViewsResult, error) {
	views := make([]View, len(subscribers))
	for i, c := range subscribers {
		views[i] = View{Member: c}
	}
	return Views([]alloc.Strategy{s}, queues, members, views, o)
}

// Member is a consumer of a mixed group and the client it runs.
type Member struct {
	ID     string `json:"id"`
	Client string `json:"client"` // its client's Language: alloc.LanguageJava or alloc.LanguageGo
}

// Mixed is a group of Java and Go consumers over the same member list:
// each runs its own client's strategy (java for alloc.LanguageJava members,
// golang for alloc.LanguageGo ones) after sorting as its client sorts (unless o.AsGiven), so
// the two halves may disagree: a Go consumer orders client IDs by bytes,
// and its CONSISTENT_HASH uses another ring.
//
// Example: under AVG over two queues of one broker, Java consumer "😀"
// and Go consumer "ｲ" both take q0 and nobody takes q1: Java sorts 😀
// first (UTF-16), Go sorts ｲ first (bytes), so each thinks it is first.
func Mixed(java, golang alloc.Strategy, queues []alloc.MessageQueue, members []Member, o Options) (*ViewsResult, error) {
	ids := make([]string, len(members))
	views := make([]View, len(members))
	for i, m := range members {
		ids[i] = m.ID
		switch m.Client {
		case alloc.LanguageJava:
			views[i] = View{Member: m.ID, Strategy: 0}
		case alloc.LanguageGo:
			views[i] = View{Member: m.ID, Strategy: 1}
		default:
			return nil, &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.IllegalArgumentException, Field: "members[" + strconv.Itoa(i) + "].client",
				Msg: "client must be \"java\" or \"go\", got " + strconv.Quote(m.Client)}
		}
	}
	return Views([]alloc.Strategy{java, golang}, queues, ids, views, o)
}

// joinKey is a map key for a list of strings.
func joinKey(parts []string) string { return strings.Join(parts, "\x00") }
