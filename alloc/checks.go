package alloc

import "github.com/rmqalloc/rmqalloc/internal/javalang"

// Java's messages for the checks that AVG, AVG_BY_CIRCLE, CONSISTENT_HASH,
// MACHINE_ROOM and MACHINE_ROOM_NEARBY run before allocating.
const (
	msgCIDEmpty    = "currentCID is empty"
	msgMqAllEmpty  = "mqAll is null or mqAll empty"
	msgCIDAllEmpty = "cidAll is null or cidAll empty"
)

// checkCID is check 1: a nil or empty currentCID. With blank set (MACHINE_ROOM
// in client 4.9.3) a cid made only of Java whitespace counts as empty too.
func checkCID(cid string, blank bool) error {
	if cid == "" || (blank && javalang.IsBlank(cid)) {
		return illegalArgument("currentCID", msgCIDEmpty)
	}
	return nil
}

// checkLists is checks 2 and 3: mqAll, then cidAll, must not be empty.
func checkLists(mqAll []MessageQueue, cidAll []string) error {
	if len(mqAll) == 0 {
		return illegalArgument("mqAll", msgMqAllEmpty)
	}
	if len(cidAll) == 0 {
		return illegalArgument("cidAll", msgCIDAllEmpty)
	}
	return nil
}

// check runs checks 1 to 4 in Java's order and returns the position of the
// first occurrence of cid in cidAll, or -1 when cid is not a member (check
// 4: the caller then returns an empty result, not an error).
func check(cid string, blank bool, mqAll []MessageQueue, cidAll []string) (int, error) {
	if err := checkCID(cid, blank); err != nil {
		return -1, err
	}
	if err := checkLists(mqAll, cidAll); err != nil {
		return -1, err
	}
	for i, c := range cidAll {
		if c == cid {
			return i, nil
		}
	}
	return -1, nil
}

// none is the empty, non-nil result Java's new ArrayList gives: it is
// reported as [] rather than null.
func none() []MessageQueue { return []MessageQueue{} }
