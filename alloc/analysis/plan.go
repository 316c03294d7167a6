package analysis

import (
	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/internal/planlink"
)

// Plans are *alloc.Plan values: alloc.Rebalance (sorted as a rebalance
// sorts, the default here) or alloc.AllocateAll (the lists as given) makes
// one; this package's functions take and return them. A queue is a
// position in the plan's Queues, a member a position in its Members
// (alloc.Plan's MemberShare and Owners).

// MemberError is the error one member's own allocate call returns.
type MemberError struct {
	Member    int    `json:"member"` // position in Members
	JavaClass string `json:"javaClass"`
	Message   string `json:"message"`
}

// MemberErrors is p's member errors in Members order, with their Java
// class ("Error" for an error without one).
//
// Example: AVG over no queues fails every member with Java's
// IllegalArgumentException "mqAll is null or mqAll empty".
func MemberErrors(p *alloc.Plan) []MemberError {
	var out []MemberError
	for m := range p.Members() {
		if err := p.MemberErr(m); err != nil {
			out = append(out, memberError(int32(m), err))
		}
	}
	return out
}

// failures counts p's members whose call failed.
func failures(p *alloc.Plan) int {
	n := 0
	for m := range p.Members() {
		if p.MemberErr(m) != nil {
			n++
		}
	}
	return n
}

func memberError(m int32, err error) MemberError {
	class := alloc.JavaClassOf(err)
	if class == "" {
		class = "Error"
	}
	return MemberError{Member: int(m), JavaClass: class, Message: err.Error()}
}

// Options tunes Views, Subscription and Mixed.
type Options struct {
	// AsGiven keeps the queues and client IDs in the order given; by
	// default (false) each consumer's are sorted as its client sorts them,
	// as a rebalance does (alloc.RebalanceOptions.AsGiven).
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

// PlanLabel is the Label of the strategy that made p: "go:AVG" for a plan
// of goclient.Averagely(); the bare name for a plan without a client
// (alloc.Broadcast's "BROADCASTING", Views' "VIEWS").
func PlanLabel(p *alloc.Plan) string { return label(p.Client(), p.Strategy()) }

func label(c alloc.Client, name string) string {
	if c == nil {
		return name
	}
	if l := c.Language(); l != alloc.LanguageJava {
		return l + ":" + name
	}
	return name
}

// link is package alloc's plan machinery (alloc/internal/planlink), which
// alloc publishes on the first call of Rebalance.
var link = func() planlink.Link[alloc.MessageQueue, alloc.Strategy, alloc.Client, *alloc.Plan] {
	_, _ = alloc.Rebalance(nil, "", nil, nil, alloc.RebalanceOptions{}) // publishes the link
	return planlink.Get[alloc.MessageQueue, alloc.Strategy, alloc.Client, *alloc.Plan]()
}()

// plan is this package's working view of an *alloc.Plan: its queues,
// members, shares (ascending positions per member) and owners, read once.
type plan struct {
	p       *alloc.Plan
	queues  []alloc.MessageQueue
	members []string
	shares  [][]int32
	owners  planlink.Owners
}

func viewOf(p *alloc.Plan) *plan {
	shares, own := link.Sets(p)
	return &plan{p: p, queues: p.Queues(), members: p.Members(), shares: shares, owners: own}
}
