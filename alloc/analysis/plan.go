package analysis

import (
	"slices"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// Plan is a whole group's assignment under one strategy, by position:
// Shares[m] holds the positions in Queues of the queues Members[m] gets,
// ascending and without repeats. A queue may have no owner (an orphan) or
// several (CONFIG, or inconsistent views).
type Plan struct {
	Strategy string               `json:"strategy"` // e.g. "AVG"; Label for Go strategies: "go:AVG"
	Client   alloc.Client         `json:"client"`   // alloc.ClientOf(strategy); nil for Views' Combined
	Queues   []alloc.MessageQueue `json:"queues"`
	Members  []string             `json:"members"` // distinct client IDs
	Shares   [][]int32            `json:"shares"`
	Errors   []MemberError        `json:"errors,omitempty"`
	Stats    Stats                `json:"stats"`

	owners owners
	given  []int32 // see GivenPositions
}

// MemberError is the error one member's own allocate call returns.
type MemberError struct {
	Member    int    `json:"member"` // position in Members
	JavaClass string `json:"javaClass"`
	Message   string `json:"message"`
}

// Options tunes NewPlan.
type Options struct {
	// AsGiven keeps the queues and client IDs in the order given. By
	// default (false) copies are sorted the way the strategy's client sorts
	// them before allocating, as a rebalance does; Plan.Queues and
	// Plan.Members are then in Java's order whatever the client. When the
	// JDK's sort fails on the queues (alloc.SortQueues), every member of a
	// Java strategy gets that error and Plan.Queues stay in the order given.
	AsGiven bool
	// Rooms, when set, fills Stats.Rooms and Stats.Locality. A failing
	// lookup counts as room "".
	Rooms alloc.MachineRoomResolver
}

// Label names a strategy in results: its Name, prefixed with its client's
// Language and ":" for a client other than Java; "" for nil. Example:
// Label(goclient.Averagely()) is "go:AVG".
func Label(s alloc.Strategy) string {
	if s == nil {
		return ""
	}
	return label(alloc.ClientOf(s), s.Name())
}

func label(c alloc.Client, name string) string {
	if l := c.Language(); l != alloc.LanguageJava {
		return l + ":" + name
	}
	return name
}

// NewPlan allocates queues to every member of cidAll under s and computes
// the plan's statistics. An error that every member gets alike (the Java
// client's IllegalArgumentException for an empty queue or member list) is
// recorded for every member, not returned; only a nil strategy fails.
//
// Example: AVG over 10 queues and members [c0 c1 c2 c3] gives shares
// [0 1 2] [3 4 5] [6 7] [8 9]: Min 2, Max 3, no idle member.
func NewPlan(s alloc.Strategy, queues []alloc.MessageQueue, cidAll []string, o Options) (*Plan, error) {
	if s == nil {
		return nil, &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.NullPointerException, Field: "strategy", Msg: "strategy is null"}
	}
	u := newUniverse(queues, cidAll, !o.AsGiven)
	p := u.plan(s)
	p.Stats = computeStats(p, o.Rooms)
	return p, nil
}

// FromAlloc is the analysis view of a plan alloc.AllocateAll made: the
// same queues, members, shares (as positions) and errors, with Stats (no
// rooms). Its Client and Strategy say which client made it, as NewPlan's
// do: a plan of a goclient strategy is goclient.Client and "go:AVG".
//
// Example: FromAlloc of AllocateAll(Averagely(), "g", q0..q4, [c1 c2]) has
// Shares [[0 1 2] [3 4]].
func FromAlloc(ap *alloc.Plan) *Plan {
	qs, members := ap.Queues(), ap.Members()
	client := ap.Client()
	if client == nil { // Broadcast
		client = alloc.Java493
	}
	p := &Plan{Strategy: label(client, ap.Strategy()), Client: client, Queues: qs, Members: members, Shares: make([][]int32, len(members))}
	var idx *queueIndex
	for m := range members {
		p.Shares[m] = []int32{}
		if err := ap.MemberErr(m); err != nil {
			p.Errors = append(p.Errors, memberError(int32(m), err))
			continue
		}
		pos := slices.Clone(ap.MemberPositions(m))
		if pos == nil { // CONFIG and strategies of one's own: find the queues
			if idx == nil {
				idx = newQueueIndex(qs)
			}
			for _, q := range ap.MemberQueues(m) {
				if k := idx.pos(q); k >= 0 {
					pos = append(pos, k)
				}
			}
		}
		if len(pos) > 0 {
			p.Shares[m] = sortedSet(pos)
		}
	}
	p.owners = invert(p.Shares, len(qs))
	p.Stats = computeStats(p, nil)
	return p
}

// GivenPositions is, per position of Queues, that queue's position in the
// list NewPlan was given (sorting reorders a copy, unless Options.AsGiven); nil when Queues is
// in the order given. A caller holding the list it gave can then read
// shares and diffs as positions in it, without the queues themselves.
//
// Example: NewPlan over [b:1 a:0 a:1] (sorted, the default) has Queues [a:0 a:1 b:1]
// and GivenPositions [1 2 0].
func (p *Plan) GivenPositions() []int32 { return p.given }

// Owners is the members (positions in Members, ascending) owning
// Queues[i]; nil for an orphan.
func (p *Plan) Owners(i int) []int32 { return p.owners.of(i) }

// owners is the inverse of Shares in compressed form: the owners of queue i
// are list[start[i]:start[i+1]].
type owners struct {
	start []int32
	list  []int32
}

func (o owners) of(i int) []int32 {
	if i < 0 || i+1 >= len(o.start) {
		return nil
	}
	lo, hi := o.start[i], o.start[i+1]
	if lo == hi {
		return nil
	}
	return o.list[lo:hi:hi]
}

// count is the number of owners of queue i.
func (o owners) count(i int) int { return int(o.start[i+1] - o.start[i]) }

// invert builds owners from shares over q queues: O(Q + assigned).
func invert(shares [][]int32, q int) owners {
	start := make([]int32, q+1)
	for _, sh := range shares {
		for _, p := range sh {
			start[p+1]++
		}
	}
	for i := 1; i <= q; i++ {
		start[i] += start[i-1]
	}
	list := make([]int32, start[q])
	next := slices.Clone(start[:q])
	for m, sh := range shares {
		for _, p := range sh {
			list[next[p]] = int32(m)
			next[p]++
		}
	}
	return owners{start: start, list: list}
}
