package goclient

import (
	"cmp"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/sortx"
)

// CompareQueues is the Go client's rebalance order: topic, then broker name,
// both as Go strings (UTF-8 bytes), then queue ID. Unlike Java it sorts
// U+E000..U+FFFF (e.g. "ｲ") before an emoji. It returns -1, 0 or +1.
func CompareQueues(a, b alloc.MessageQueue) int {
	if c := strings.Compare(a.Topic, b.Topic); c != 0 {
		return c
	}
	if c := strings.Compare(a.BrokerName, b.BrokerName); c != 0 {
		return c
	}
	return cmp.Compare(a.QueueID, b.QueueID)
}

// SortQueues sorts qs in place as the Go client's rebalance does.
func SortQueues(qs []alloc.MessageQueue) { sortx.Func(qs, CompareQueues) }

// SortClientIDs sorts cids in place as the Go client's rebalance does: by
// UTF-8 bytes.
func SortClientIDs(cids []string) { sortx.Func(cids, strings.Compare) }
