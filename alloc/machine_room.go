package alloc

import "github.com/rmqalloc/rmqalloc/internal/javalang"

// ByMachineRoom is Java's AllocateMessageQueueByMachineRoom, named
// "MACHINE_ROOM". Broker names read "room@broker"; only queues whose broker
// name splits on "@" (Java split: trailing empty pieces dropped) into
// exactly two pieces, the first one of consumeridcs, are dealt. With n such
// queues kept in mqAll order and C consumers, mod = n/C and rem = n%C:
// consumer idx gets kept[mod*idx : mod*idx+mod], plus kept[idx+mod*C] when
// idx < rem — the leftovers are the last rem queues, one each.
//
// Worked example (consumeridcs {A, B}): queues A@broker 0..7 and B@broker
// 8..10, consumers c1 c2 c3: 11 kept, mod 3, rem 2, so
//
//	c1: [0 1 2 9]  c2: [3 4 5 10]  c3: [6 7 8]
//
// Broker names "A@" (1 piece) and "A@@b" (3 pieces) are skipped; "@b" is in
// room "". Check 1 differs by client version: 4.9.3 (the default) rejects a
// blank ID (only Java whitespace) as "currentCID is empty"; 5.3.3 rejects
// only the empty ID. ByMachineRoom is 4.9.3's; Java533.NewStrategy builds
// 5.3.3's.
//
// A nil consumeridcs is Java's null: the first queue whose broker name
// splits into two pieces makes Java throw NullPointerException, and so does
// this strategy (an empty, non-nil list keeps nothing).
func ByMachineRoom(consumeridcs []string) Strategy {
	return byMachineRoom(consumeridcs, Java493)
}

func byMachineRoom(consumeridcs []string, c JavaClient) Strategy {
	if consumeridcs == nil {
		return machineRoomStrategy{blank: c == Java493}
	}
	set := make(map[string]struct{}, len(consumeridcs))
	for _, r := range consumeridcs {
		set[r] = struct{}{}
	}
	return machineRoomStrategy{rooms: set, blank: c == Java493}
}

type machineRoomStrategy struct {
	rooms map[string]struct{} // nil: Java's null consumeridcs
	blank bool                // 4.9.3: a blank currentCID is "empty"
}

func (machineRoomStrategy) Name() string { return nameMachineRoom }

// Client is the Java version the strategy was built for.
func (s machineRoomStrategy) Client() Client {
	if s.blank {
		return Java493
	}
	return Java533
}

func (s machineRoomStrategy) Allocate(_, currentCID string, mqAll []MessageQueue, cidAll []string) ([]MessageQueue, error) {
	idx, err := check(currentCID, s.blank, mqAll, cidAll)
	if err != nil || idx < 0 {
		return none(), err
	}
	kept, err := s.keep(mqAll)
	if err != nil {
		return none(), err
	}
	mod, rem := len(kept)/len(cidAll), len(kept)%len(cidAll)
	out := make([]MessageQueue, 0, mod+1)
	out = append(out, kept[mod*idx:mod*idx+mod]...)
	if rem > idx {
		out = append(out, kept[idx+mod*len(cidAll)])
	}
	return out, nil
}

// keep is the queues of the configured rooms, in mqAll order.
func (s machineRoomStrategy) keep(mqAll []MessageQueue) ([]MessageQueue, error) {
	kept := make([]MessageQueue, 0, len(mqAll))
	for _, q := range mqAll {
		if room, ok := machineRoomOf(q.BrokerName); ok {
			if s.rooms == nil {
				return nil, errNullRooms
			}
			if _, in := s.rooms[room]; in {
				kept = append(kept, q)
			}
		}
	}
	return kept, nil
}

// errNullRooms is Java's consumeridcs.contains(...) on a null set.
var errNullRooms = &Error{Kind: ErrInvalidArgument, JavaClass: NullPointerException, Field: "strategy.consumeridcs",
	Msg: "MACHINE_ROOM without consumeridcs (Java: null) meets a broker name of the form room@broker"}

// MachineRoomOf is the room MACHINE_ROOM reads from a broker name
// "room@broker"; ok is false when Java's split("@") does not give exactly
// two pieces (MACHINE_ROOM never keeps such a broker's queues).
func MachineRoomOf(brokerName string) (room string, ok bool) { return machineRoomOf(brokerName) }

// machineRoomOf is the room of "room@broker": Java's split("@") must give
// exactly two pieces.
func machineRoomOf(brokerName string) (string, bool) {
	p := javalang.Split(brokerName, "@")
	if len(p) != 2 {
		return "", false
	}
	return p[0], true
}

// allocateGroup filters mqAll once and deals it: O(Q + C). It records
// positions (one backing array for every member); the queues are copied
// when first asked for.
func (s machineRoomStrategy) allocateGroup(g *groupView) error {
	if err := g.precheck(s.blank); err != nil {
		return err
	}
	kept := make([]int32, 0, len(g.mqAll)) // positions of the dealt queues
	for i, q := range g.mqAll {
		if room, ok := machineRoomOf(q.BrokerName); ok {
			if s.rooms == nil {
				g.failChecked(errNullRooms)
				return nil
			}
			if _, in := s.rooms[room]; in {
				kept = append(kept, int32(i))
			}
		}
	}
	c := len(g.cidAll)
	mod, rem := len(kept)/c, len(kept)%c
	backing := make([]int32, 0, len(kept))
	pos := make([][]int32, len(g.members.ids))
	for m := range g.members.ids {
		if g.errs[m] != nil {
			continue
		}
		idx := g.first[m]
		lo := len(backing)
		backing = append(backing, kept[mod*idx:mod*idx+mod]...)
		if rem > idx {
			backing = append(backing, kept[idx+mod*c])
		}
		pos[m] = backing[lo:len(backing):len(backing)]
	}
	g.setPositions(pos)
	return nil
}
