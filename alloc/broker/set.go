package broker

import "github.com/rmqalloc/rmqalloc/alloc"

// asSet is a Java HashSet of qs reported in MessageQueue.compareTo order:
// duplicates dropped (first kept), then sorted. nil stays nil; the result
// never shares qs's array.
func asSet(qs []alloc.MessageQueue) ([]alloc.MessageQueue, error) {
	if qs == nil {
		return nil, nil
	}
	seen := make(map[alloc.MessageQueue]struct{}, len(qs))
	out := make([]alloc.MessageQueue, 0, len(qs))
	for _, q := range qs {
		if _, dup := seen[q]; !dup {
			seen[q] = struct{}{}
			out = append(out, q)
		}
	}
	// Java sorts a copy of a HashSet, so for ids more than 2^31 apart (where
	// the JDK's sort can fail) it starts from the set's iteration order; this
	// port sorts the order given. Ids within 2^31 of each other, as real
	// brokers have, sort the same either way.
	if err := alloc.SortQueues(out); err != nil {
		return nil, err
	}
	return out, nil
}
