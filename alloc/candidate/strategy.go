package candidate

import (
	"slices"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/internal/group"
)

// planner computes a whole group's plan: shares[m] lists the positions in
// mqAll of members[m]'s queues, ascending. members are distinct; mqAll and
// members are not empty.
type planner interface {
	name() string
	plan(mqAll []alloc.MessageQueue, members []string) ([][]int32, error)
}

// strategy adapts a planner to alloc.Strategy and group.Allocator (AllocateAll's fast path).
type strategy struct {
	p   planner
	err error // a bad parameter: every call answers it
}

var _ group.Allocator[alloc.MessageQueue] = strategy{}

// Name implements alloc.Strategy.
func (s strategy) Name() string { return s.p.name() }

// Validate reports a bad parameter (nil when the strategy is usable).
func (s strategy) Validate() error { return s.err }

// The checks every built-in strategy runs first, with Java's messages, so
// a candidate answers bad input as the others do.
func check(currentCID string, mqAll []alloc.MessageQueue, cidAll []string) error {
	switch {
	case currentCID == "":
		return &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.IllegalArgumentException, Field: "currentCID", Msg: "currentCID is empty"}
	case len(mqAll) == 0:
		return &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.IllegalArgumentException, Field: "mqAll", Msg: "mqAll is null or mqAll empty"}
	case len(cidAll) == 0:
		return &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.IllegalArgumentException, Field: "cidAll", Msg: "cidAll is null or cidAll empty"}
	}
	return nil
}

// Allocate implements alloc.Strategy: currentCID's share of the group plan
// in mqAll's order; empty (not an error) when currentCID is not in cidAll.
func (s strategy) Allocate(_ string, currentCID string, mqAll []alloc.MessageQueue, cidAll []string) ([]alloc.MessageQueue, error) {
	if s.err != nil {
		return nil, s.err
	}
	if err := check(currentCID, mqAll, cidAll); err != nil {
		return nil, err
	}
	members := distinct(cidAll)
	me := slices.Index(members, currentCID)
	if me < 0 {
		return []alloc.MessageQueue{}, nil
	}
	shares, err := s.p.plan(mqAll, members)
	if err != nil {
		return nil, err
	}
	out := make([]alloc.MessageQueue, len(shares[me]))
	for i, p := range shares[me] {
		out[i] = mqAll[p]
	}
	return out, nil
}

// AllocateGroup implements group.Allocator: one plan for everyone.
func (s strategy) AllocateGroup(_ string, mqAll []alloc.MessageQueue, cidAll []string) (group.Result[alloc.MessageQueue], error) {
	if s.err != nil {
		return group.Result[alloc.MessageQueue]{}, s.err
	}
	// currentCID is checked per member: none of cidAll's IDs is "" unless
	// given so, and that member alone gets the error.
	if err := check("-", mqAll, cidAll); err != nil {
		return group.Result[alloc.MessageQueue]{}, err
	}
	members := distinct(cidAll)
	var errs []error
	if i := slices.Index(members, ""); i >= 0 {
		errs = make([]error, len(members))
		errs[i] = check("", mqAll, cidAll)
	}
	shares, err := s.p.plan(mqAll, members)
	if err != nil {
		return group.Result[alloc.MessageQueue]{}, err
	}
	return group.Result[alloc.MessageQueue]{Members: members, Positions: shares, Errs: errs}, nil
}

// distinct is cidAll without repeats, in order of first occurrence.
func distinct(cidAll []string) []string {
	seen := make(map[string]struct{}, len(cidAll))
	out := make([]string, 0, len(cidAll))
	for _, c := range cidAll {
		if _, ok := seen[c]; !ok {
			seen[c] = struct{}{}
			out = append(out, c)
		}
	}
	return out
}

// MaxRingNodes bounds members × virtual nodes for BoundedLoad.
const MaxRingNodes = 1 << 24

func limitErr(field, msg string) error {
	return &alloc.Error{Kind: alloc.ErrLimit, Field: field, Msg: msg}
}

func paramErr(field, msg string) error {
	return &alloc.Error{Kind: alloc.ErrInvalidArgument, Field: field, Msg: msg}
}
