package alloc

// MachineRoomNearby is Java's AllocateMachineRoomNearby, named
// "MACHINE_ROOM_NEARBY-" + inner's name. It runs inner room by room:
// a consumer first gets inner's share of its own room's queues among its
// own room's consumers (cidAll order kept), then, for every other room that
// has queues but no consumer, in Java string order of room names, inner's
// share of that room's queues among all of cidAll.
//
// Worked example (vectors case pub-0003, inner AVG_BY_CIRCLE, SplitResolver
// "-" fields 1 and 1): queues broker-A 0,1,2, broker-B 3,4,5, broker-C 6,7;
// consumers Consumer1-A, Consumer2-A, Consumer3-C, Consumer4-D. Room B has
// no consumer, so its queues are shared by everyone:
//
//	C1: [0 2 3]  C2: [1 4]  C3: [6 7 5]  C4: []
//
// After checks 1–4 (a non-member gets [] before anything is resolved),
// every queue's room and then every consumer's room is resolved; the first
// failure is the result (an empty room: IllegalArgumentException "Machine
// room is null for mq ..." / "... for consumer id ..."). inner's errors
// propagate.
//
// A nil inner or resolver is Java's NullPointerException, thrown by its
// constructor: the strategy returned is invalid (see Validate), as is one
// over an invalid inner. A nil (Java null) result of inner is a
// NullPointerException too, whenever inner is called, because Java adds it
// with result.addAll(null): NEARBY over ByConfig(nil), or over a strategy
// of your own that returns nil, throws for a consumer whose room has
// queues and for everyone when some room has queues but no consumer; it
// gives [] when inner is never called.
func MachineRoomNearby(inner Strategy, resolver MachineRoomResolver) Strategy {
	if inner == nil {
		return invalidStrategy{name: nameNearby, err: &Error{Kind: ErrInvalidArgument, JavaClass: NullPointerException, Field: "inner", Msg: "allocateMessageQueueStrategy is null"}}
	}
	if err := Validate(inner); err != nil {
		return invalidStrategy{name: nameNearbyPrefix + inner.Name(), err: prefixed(err, "inner")}
	}
	if resolver == nil {
		return invalidStrategy{name: nameNearbyPrefix + inner.Name(), err: &Error{Kind: ErrInvalidArgument, JavaClass: NullPointerException, Field: "resolver", Msg: "machineRoomResolver is null"}}
	}
	return nearbyStrategy{inner: inner, resolver: resolver}
}

type nearbyStrategy struct {
	inner    Strategy
	resolver MachineRoomResolver
}

func (s nearbyStrategy) Name() string { return nameNearbyPrefix + s.inner.Name() }

func (s nearbyStrategy) Allocate(consumerGroup, currentCID string, mqAll []MessageQueue, cidAll []string) ([]MessageQueue, error) {
	idx, err := check(currentCID, false, mqAll, cidAll)
	if err != nil || idx < 0 {
		return none(), err
	}
	// Java's two TreeMaps: every queue's and every consumer's room, each
	// room with its queues (mqAll order) and consumers (cidAll order).
	g := newGroupView(consumerGroup, mqAll, cidAll)
	r, err := s.resolveRooms(g)
	if err != nil {
		return nil, err
	}
	queues := func(k int) []MessageQueue {
		at := r.queuesOf(k)
		out := make([]MessageQueue, len(at))
		for j, i := range at {
			out[j] = mqAll[i]
		}
		return out
	}
	out := none()
	mine := int(r.croom[idx])
	if len(r.queuesOf(mine)) > 0 {
		qs, err := s.inner.Allocate(consumerGroup, currentCID, queues(mine), r.cids[r.cstart[mine]:r.cstart[mine+1]])
		if err == nil && qs == nil {
			err = s.innerNull()
		}
		if err != nil {
			return nil, err
		}
		out = append(out, qs...)
	}
	for _, k := range r.orphans() {
		qs, err := s.inner.Allocate(consumerGroup, currentCID, queues(k), cidAll)
		if err == nil && qs == nil {
			err = s.innerNull()
		}
		if err != nil {
			return nil, err
		}
		out = append(out, qs...)
	}
	return out, nil
}

// innerNull is Java's result.addAll(null) when inner returns null.
func (s nearbyStrategy) innerNull() *Error {
	return &Error{Kind: ErrInvalidArgument, JavaClass: NullPointerException, Field: "inner",
		Msg: s.inner.Name() + " returned null (Java's result.addAll(null) throws)"}
}

// returnedNull reports whether member m's result in sub is Java's null:
// no error and a nil queue list where the strategy gives queues (results
// given as positions or runs are never null).
func returnedNull(sub *groupView, m int) bool {
	return sub.errs[m] == nil && sub.pos == nil && sub.start == nil && sub.of[m] == nil
}

// shareLen is the number of queues member m of a positioned view gets.
func (g *groupView) shareLen(m int) int {
	if g.pos != nil {
		return len(g.pos[m])
	}
	return len(g.of[m]) // run-shaped
}

// appendPositions appends at[p] for every position p of member m's share
// in a positioned view (recorded positions or a run).
func (g *groupView) appendPositions(dst []int32, m int, at []int32) []int32 {
	if g.pos != nil {
		for _, p := range g.pos[m] {
			dst = append(dst, at[p])
		}
		return dst
	}
	lo := int(g.start[m])
	return append(dst, at[lo:lo+len(g.of[m])]...)
}
