package alloc

import "slices"

// Consumers is a consumer group's client-ID list indexed once: its
// distinct members, in order, and where each first occurs. Code that plans
// the same group many times (a what-if loop over changing queues, a
// service answering for one group) builds it once and calls its
// AllocateAll, which skips hashing every client ID again on each call.
//
// NewConsumers copies the list, so later changes to the caller's slice do
// not reach it. A Consumers is read-only and safe for concurrent use.
type Consumers struct {
	cidAll []string
	idx    cidIndex
}

// NewConsumers indexes cidAll (nil is Java's null list, as in AllocateAll).
//
// Example:
//
//	cs := alloc.NewConsumers([]string{"c1", "c2", "c1"})
//	cs.Members() // [c1 c2]
func NewConsumers(cidAll []string) *Consumers {
	c := &Consumers{cidAll: slices.Clone(cidAll)}
	c.idx = indexMembers(c.cidAll)
	return c
}

// First is, per member, the position of its first occurrence in IDs().
// Read-only.
func (c *Consumers) First() []int { return c.idx.first }

// IDs is the client-ID list as given, duplicates included. Read-only.
func (c *Consumers) IDs() []string { return c.cidAll }

// Members is the distinct client IDs in order of first occurrence, as
// Plan.Members lists them. Read-only.
func (c *Consumers) Members() []string { return c.idx.members.ids }

// AllocateAll is AllocateAll(s, consumerGroup, mqAll, c.IDs()), the same
// plan, without indexing the client IDs again.
func (c *Consumers) AllocateAll(s Strategy, consumerGroup string, mqAll []MessageQueue) (*Plan, error) {
	p, g := newPlanView(consumerGroup, mqAll, c.cidAll, c.idx)
	g.consumers = c
	return allocatePlan(s, p)
}
