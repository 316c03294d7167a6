package goclient

import "github.com/rmqalloc/rmqalloc/alloc"

// Averagely is the Go client's AllocateByAveragely, the same layout as
// Java's AVG: with Q queues and C consumers (duplicates counted) the first
// Q%C consumers get Q/C+1 contiguous queues, the others Q/C; with Q <= C
// the first Q consumers get one queue each.
//
// Example: 10 queues q0..q9, cidAll [c0 c1 c2 c3] → c0:[q0 q1 q2]
// c1:[q3 q4 q5] c2:[q6 q7] c3:[q8 q9].
func Averagely() Strategy { return avg{} }

type avg struct{}

func (avg) Name() string         { return "AVG" }
func (avg) Client() alloc.Client { return Client }
func (avg) goClient()            {}

func (avg) Allocate(_, cid string, mqAll []alloc.MessageQueue, cidAll []string) ([]alloc.MessageQueue, error) {
	idx := indexOf(cid, mqAll, cidAll)
	if idx < 0 {
		return empty(), nil
	}
	start, n := alloc.AverageRange(idx, len(mqAll), len(cidAll))
	return append(empty(), mqAll[start:start+n]...), nil
}

// MachineRoomNearby is the Go client's AllocateByMachineNearby, which
// (marked TODO upstream) is plain AVG: it knows no rooms. Name returns
// "MACHINE_ROOM_NEARBY".
//
// Example: brokers in rooms A and B, consumers only in A: Java's NEARBY
// keeps room B's queues for room B's consumers or shares them; the Go client
// just deals all queues as AVG does.
func MachineRoomNearby() Strategy { return nearby{} }

type nearby struct{ avg }

func (nearby) Name() string { return "MACHINE_ROOM_NEARBY" }
