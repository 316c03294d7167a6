package alloc

// Request is one consumer's allocate call with named fields: Java's
// allocate(consumerGroup, currentCID, mqAll, cidAll) takes two strings in a
// row, and swapping them compiles and silently answers []. Written as a
// keyed literal (go vet flags unkeyed ones), a Request cannot mix them up.
type Request struct {
	Group   string         // the consumer group (Java's consumerGroup)
	Member  string         // the asking consumer's client ID (currentCID)
	Queues  []MessageQueue // every queue of the topic (mqAll)
	Members []string       // the group's client IDs (cidAll)
}

// AllocateFor answers r under s: s.Allocate(r.Group, r.Member, r.Queues,
// r.Members). A nil s is a NullPointerException-class error.
//
// Example: AllocateFor(Averagely(), Request{Group: "g", Member: "c2",
// Queues: q0..q4, Members: [c1 c2]}) is [q3 q4].
func AllocateFor(s Strategy, r Request) ([]MessageQueue, error) {
	if s == nil {
		return nil, nullStrategy("strategy")
	}
	return s.Allocate(r.Group, r.Member, r.Queues, r.Members)
}
