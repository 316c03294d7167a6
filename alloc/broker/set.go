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
	if err := sortQueues(out); err != nil {
		return nil, err
	}
	return out, nil
}

// sortQueues is this package's only call of alloc.SortQueues, so that a
// SortQueues which reports Java's TimSort failure ("Comparison method
// violates its general contract!", possible when queue ids lie more than
// 2^31 apart) is a one-line change here.
//
// Java sorts a copy of a HashSet, so for such ids the order it starts from
// (and so its result) is the set's iteration order; this port sorts the
// order given. Ids within 2^31 of each other, as real brokers have, sort
// the same either way.
func sortQueues(qs []alloc.MessageQueue) error {
	alloc.SortQueues(qs)
	return nil
}
