package producer

import "github.com/rmqalloc/rmqalloc/alloc"

// Version is the classic Java client version whose queue selection a
// Producer reproduces. It is alloc.ClientVersion, one type for the
// library: the zero value is 4.9.3, as everywhere else.
type Version = alloc.ClientVersion

const (
	// Version4_9_3 (alloc.Java493, the zero value): the send index returns
	// abs(s) (so Integer.MIN_VALUE can surface and is clamped to position
	// 0); latency fault tolerance keeps one fault item per broker with a
	// fixed not-available window, ignores the last broker, and when every
	// broker is unavailable picks a broker "at least" and rewrites a queue
	// of the list in place.
	Version4_9_3 = alloc.Java493
	// Version5_3_3 (alloc.Java533): the send index is masked
	// (s & 0x7FFFFFFF) and can be reset; latency fault tolerance has
	// shorter windows that only move forward, a reachable flag, honours
	// the last broker, and never modifies the queue list.
	Version5_3_3 = alloc.Java533
)

// ParseVersion reads "4.9.3" or "5.3.3" ("" is 4.9.3), as
// alloc.ParseClientVersion.
func ParseVersion(s string) (Version, error) { return alloc.ParseClientVersion(s) }
