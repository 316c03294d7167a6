package producer

import "github.com/rmqalloc/rmqalloc/alloc"

// Version is the classic Java client version whose queue selection a
// Producer reproduces. There is no default: the versions differ.
type Version int

const (
	// Version4_9_3: the send index returns abs(s) (so Integer.MIN_VALUE can
	// surface and is clamped to position 0); latency fault tolerance keeps
	// one fault item per broker with a fixed not-available window, ignores
	// the last broker, and when every broker is unavailable picks a broker
	// "at least" and rewrites a queue of the list in place.
	Version4_9_3 Version = 1
	// Version5_3_3: the send index is masked (s & 0x7FFFFFFF) and can be
	// reset; latency fault tolerance has shorter windows that only move
	// forward, a reachable flag, honours the last broker, and never
	// modifies the queue list.
	Version5_3_3 Version = 2
)

// String is "4.9.3" or "5.3.3".
func (v Version) String() string {
	switch v {
	case Version4_9_3:
		return "4.9.3"
	case Version5_3_3:
		return "5.3.3"
	}
	return "unknown"
}

// ParseVersion reads "4.9.3" or "5.3.3".
func ParseVersion(s string) (Version, error) {
	switch s {
	case "4.9.3":
		return Version4_9_3, nil
	case "5.3.3":
		return Version5_3_3, nil
	}
	return 0, &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.IllegalArgumentException, Field: "version", Msg: "unsupported client version \"" + s + "\" (supported: 4.9.3, 5.3.3)"}
}
