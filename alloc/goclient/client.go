package goclient

import (
	"cmp"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/sortx"
)

// Client is rocketmq-client-go v2.1.2's consumer, as an alloc.Client: its
// Name is "go-client-2.1.2" (the conformance vectors' profile), its
// Language "go". Its methods are alloc.Client's: Name, Language,
// SortQueues, SortQueuePerm, CompareClientIDs, SortClientIDs and
// NewStrategy.
var Client = client{}

var _ alloc.Client = Client

// client implements alloc.Client for the Go client.
type client struct{}

// Name is the profile name the conformance vectors use.
func (client) Name() string { return "go-client-2.1.2" }

func (client) Language() string { return alloc.LanguageGo }

// SortQueues sorts qs in place as the Go client's rebalance does (topic,
// then broker name, both as Go strings, UTF-8 bytes, then queue ID). Unlike
// Java it sorts U+E000..U+FFFF (e.g. "ｲ") before an emoji. It never fails.
func (client) SortQueues(qs []alloc.MessageQueue) error {
	sortx.Func(qs, compareQueues)
	return nil
}

// SortQueuePerm is the permutation SortQueues applies; it never fails.
func (client) SortQueuePerm(qs []alloc.MessageQueue) ([]int32, error) {
	return sortx.Perm(len(qs), func(a, b int32) int { return compareQueues(qs[a], qs[b]) }), nil
}

// CompareClientIDs is the Go client's order of client IDs: UTF-8 bytes.
func (client) CompareClientIDs(a, b string) int { return strings.Compare(a, b) }

// SortClientIDs sorts cids in place by UTF-8 bytes.
func (client) SortClientIDs(cids []string) { sortx.Func(cids, strings.Compare) }

// NewStrategy builds the Go client's strategy that spec describes (see
// variants for how it differs from Java's builder); a registered kind the
// Go client has no version of (a plug-in) is built by the kind's New.
func (c client) NewStrategy(spec alloc.StrategySpec) (alloc.Strategy, error) {
	return alloc.NewStrategyFor(c, spec)
}

// compareQueues is the Go client's rebalance order of queues, -1, 0 or +1.
func compareQueues(a, b alloc.MessageQueue) int {
	if c := strings.Compare(a.Topic, b.Topic); c != 0 {
		return c
	}
	if c := strings.Compare(a.BrokerName, b.BrokerName); c != 0 {
		return c
	}
	return cmp.Compare(a.QueueID, b.QueueID)
}
