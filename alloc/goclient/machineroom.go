package goclient

import (
	"slices"
	"strconv"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// ByMachineRoom is the Go client's AllocateByMachineRoom(consumeridcs), which
// keeps the old Java bug. Brokers are named "room@broker".
//
//  1. kept: for every queue in mqAll order, whose broker name splits (Go's
//     strings.Split, which keeps empty pieces) into exactly two pieces, the
//     queue once per entry of consumeridcs equal to the first piece — a room
//     listed twice repeats its queues.
//  2. mod = len(kept) / C, rem = len(kept) % C (C = len(cidAll)); member idx
//     gets mqAll[mod*idx : mod*idx+mod] — the FULL list, not kept — then
//     kept[idx + mod*C] if rem > idx.
//
// When mod*idx+mod passes the end of mqAll (possible only with a repeated
// room) the Go client panics; the emulation returns that panic as an error.
//
// Example: mqAll [A@b:0 A@b:1 B@b:2 A@b:3], consumeridcs [A], cidAll
// [c0 c1]: kept = [A@b:0 A@b:1 A@b:3], mod 1, rem 1 → c0: [A@b:0 A@b:3],
// c1: [A@b:1] (Java: c0 [A@b:0 A@b:3], c1 [A@b:1] too; with B first in
// mqAll they would differ, since Go slices mqAll).
func ByMachineRoom(consumeridcs []string) Strategy {
	return machineRoom{idcs: slices.Clone(consumeridcs)}
}

type machineRoom struct{ idcs []string }

func (machineRoom) Name() string         { return "MACHINE_ROOM" }
func (machineRoom) Client() alloc.Client { return Client }
func (machineRoom) goClient()            {}

func (s machineRoom) Allocate(_, cid string, mqAll []alloc.MessageQueue, cidAll []string) ([]alloc.MessageQueue, error) {
	idx := indexOf(cid, mqAll, cidAll)
	if idx < 0 {
		return empty(), nil
	}
	kept, err := s.kept(mqAll)
	if err != nil {
		return nil, err
	}
	return machineRoomShare(idx, mqAll, kept, len(cidAll))
}

// MaxKept bounds MACHINE_ROOM's kept list (queues × times their room is
// listed): a larger one is refused with an IllegalArgumentException-class
// error on "strategy.consumeridcs" (the Go client would try to build it).
const MaxKept = 1 << 24

// multiplicity is how many times each room is listed in consumeridcs.
func (s machineRoom) multiplicity() map[string]int {
	m := make(map[string]int, len(s.idcs))
	for _, idc := range s.idcs {
		m[idc]++
	}
	return m
}

// keptCount is, per queue of mqAll, how many times kept lists it, and the
// total; an error when the total passes MaxKept.
func (s machineRoom) keptCount(mqAll []alloc.MessageQueue) ([]int, error) {
	mult := s.multiplicity()
	times := make([]int, len(mqAll))
	total := 0
	for i, q := range mqAll {
		if room, ok := twoPieceRoom(q.BrokerName); ok {
			times[i] = mult[room]
			total += times[i]
			if total > MaxKept {
				return nil, &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.IllegalArgumentException, Field: "strategy.consumeridcs",
					Msg: "the rooms' queues, repeated as often as each room is listed, exceed " + strconv.Itoa(MaxKept)}
			}
		}
	}
	return times, nil
}

// kept lists, in mqAll order, the queues of the configured rooms, each once
// per time its room is listed (the Go client appends a queue once per
// matching entry of consumeridcs).
func (s machineRoom) kept(mqAll []alloc.MessageQueue) ([]alloc.MessageQueue, error) {
	times, err := s.keptCount(mqAll)
	if err != nil {
		return nil, err
	}
	var kept []alloc.MessageQueue
	for i, q := range mqAll {
		for range times[i] {
			kept = append(kept, q)
		}
	}
	return kept, nil
}

// machineRoomShare is member idx's share given the kept list.
func machineRoomShare(idx int, mqAll, kept []alloc.MessageQueue, c int) ([]alloc.MessageQueue, error) {
	mod, rem := len(kept)/c, len(kept)%c
	start, end := mod*idx, mod*idx+mod
	out := empty()
	if end > len(mqAll) {
		// Go evaluates mqAll[i] for i = start, start+1, ...: the first
		// index past the end panics.
		return nil, indexPanic("mqAll", max(start, len(mqAll)), len(mqAll))
	}
	out = append(out, mqAll[start:end]...)
	if rem > idx {
		out = append(out, kept[idx+mod*c])
	}
	return out, nil
}

// twoPieceRoom is the first piece of strings.Split(brokerName, "@") when
// the split gives exactly two pieces ("A@b" → "A"; "@b" → ""; "A@" → "A";
// "A@b@c" and "ab" → not two pieces).
func twoPieceRoom(brokerName string) (string, bool) {
	room, rest, ok := strings.Cut(brokerName, "@")
	if !ok || strings.Contains(rest, "@") {
		return "", false
	}
	return room, true
}
