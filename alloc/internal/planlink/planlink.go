// Package planlink lets package alloc/analysis build and read alloc.Plan
// values through package alloc's unexported machinery (the rebalance
// order, plans from positions, each plan's owner index) without making
// that machinery public.
//
// Package alloc stores its implementation in Impl on the first call of
// alloc.Rebalance (not in an init function, so that a program that never
// calls Rebalance, such as the WebAssembly core module, does not keep its
// code); package analysis calls Rebalance once, then Get. Link is generic
// over alloc's types only because this package cannot import alloc.
package planlink

// Link is what package analysis needs from package alloc. Q is
// alloc.MessageQueue, S alloc.Strategy, C alloc.Client, P *alloc.Plan.
type Link[Q, S, C, P any] interface {
	// Order is queues in rebalance order (Java's, when sort is set), as
	// an opaque handle several Views share, with the sorted list and, per
	// position of it, the position in queues (nil: queues as given).
	Order(queues []Q, sort bool) (order any, sorted []Q, given []int32)
	// View is order's queues with cidAll (sorted as Java sorts them when
	// the order sorts): an opaque handle to plan strategies over, with
	// the distinct members in the plans' order.
	View(consumerGroup string, order any, cidAll []string) (view any, members []string)
	// Plan is strategy s over view, as alloc.Rebalance computes it.
	Plan(view any, s S) P
	// Combine is a plan made of given shares (ascending positions in
	// queues, per member) and member errors (nil: none failed); members
	// may repeat.
	Combine(name string, client C, queues []Q, members []string, shares [][]int32, errs []error, given []int32) P
	// Sets is p's shares (ascending positions in Queues, per member; empty
	// for a failed member) and its owner index.
	Sets(p P) (shares [][]int32, owners Owners)
	// Mapping is, per position of from, the position of the same queue in
	// to (its first occurrence) or -1; nil when the lists are equal.
	Mapping(from, to []Q) []int32
}

// Impl is package alloc's Link, as any.
var Impl any

// Get is Impl as a Link over alloc's types.
func Get[Q, S, C, P any]() Link[Q, S, C, P] { return Impl.(Link[Q, S, C, P]) }
