package analysis

import (
	"math"
	"slices"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/sortx"
)

// Stats describes how evenly a plan spreads its queues.
//
// Example: AVG over 10 queues on broker-a and 4 members gives PerMember
// [3 3 2 2], Min 2, Max 3, Mean 2.5, StdDev 0.5, Ideal 3, BalanceGap 0 and
// Brokers [{broker-a 10 0 4 3}]; with 5 members and 4 queues the fifth is
// Idle.
type Stats struct {
	Queues    int     `json:"queues"`    // len(Queues)
	Members   int     `json:"members"`   // len(Members)
	Assigned  int     `json:"assigned"`  // queues with at least one owner
	Orphaned  int     `json:"orphaned"`  // queues with no owner: nobody consumes them
	Shared    int     `json:"shared"`    // queues with two or more owners: consumed twice
	PerMember []int   `json:"perMember"` // queues per member, in Members order
	Min       int     `json:"min"`       // fewest queues of a member (0 without members)
	Max       int     `json:"max"`       // most queues of a member
	Mean      float64 `json:"mean"`      // queue slots per member
	StdDev    float64 `json:"stdDev"`    // population standard deviation of PerMember
	// Ideal is ceil(Queues / Members), the most a member carries in a
	// perfect balance; BalanceGap is max(0, Max − Ideal).
	Ideal      int            `json:"ideal"`
	BalanceGap int            `json:"balanceGap"`
	Idle       []int          `json:"idle"` // members (positions) with no queue
	Brokers    []BrokerSpread `json:"brokers"`
	// Rooms and Locality are filled when rooms are given (HasRooms).
	HasRooms bool         `json:"hasRooms"`
	Rooms    []RoomSpread `json:"rooms,omitempty"`
	// Locality is the share of assigned queues that a member of the
	// queue's own room consumes (0 when nothing is assigned).
	Locality float64 `json:"locality"`
}

// BrokerSpread is how one broker's queues spread over the members.
type BrokerSpread struct {
	Broker         string `json:"broker"`
	Queues         int    `json:"queues"`
	Orphaned       int    `json:"orphaned"`
	Consumers      int    `json:"consumers"`      // distinct members owning some of its queues
	MaxPerConsumer int    `json:"maxPerConsumer"` // most of its queues on one member
}

// RoomSpread is one machine room's queues and members.
type RoomSpread struct {
	Room     string `json:"room"`
	Queues   int    `json:"queues"`   // queues whose broker is in the room
	Members  int    `json:"members"`  // members in the room
	Local    int    `json:"local"`    // its queues consumed by a member of the room
	Remote   int    `json:"remote"`   // its queues consumed only by other rooms' members
	Orphaned int    `json:"orphaned"` // its queues nobody consumes
}

// StatsOf is how evenly p spreads its queues; rooms, when not nil, fills
// Rooms and Locality (a failing lookup counts as room "").
//
// Example: AVG over 10 queues and members [c0 c1 c2 c3] (shares [0 1 2]
// [3 4 5] [6 7] [8 9]) has Min 2, Max 3 and no Idle member.
func StatsOf(p *alloc.Plan, rooms alloc.MachineRoomResolver) Stats {
	return computeStats(viewOf(p), rooms)
}

func computeStats(p *plan, rooms alloc.MachineRoomResolver) Stats {
	st := Stats{Queues: len(p.queues), Members: len(p.members), PerMember: make([]int, len(p.members)), Idle: []int{}}
	for i := range p.queues {
		switch n := p.owners.Count(i); {
		case n == 0:
			st.Orphaned++
		case n > 1:
			st.Shared++
		}
	}
	st.Assigned = st.Queues - st.Orphaned
	total := 0
	for m, sh := range p.shares {
		st.PerMember[m] = len(sh)
		total += len(sh)
		if len(sh) == 0 {
			st.Idle = append(st.Idle, m)
		}
	}
	if st.Members > 0 {
		st.Min, st.Max = slices.Min(st.PerMember), slices.Max(st.PerMember)
		st.Mean = float64(total) / float64(st.Members)
		var ss float64
		for _, n := range st.PerMember {
			d := float64(n) - st.Mean
			ss += d * d
		}
		st.StdDev = math.Sqrt(ss / float64(st.Members))
		st.Ideal = (st.Queues + st.Members - 1) / st.Members
		st.BalanceGap = max(0, st.Max-st.Ideal)
	}
	st.Brokers = brokerSpread(p)
	if rooms != nil {
		st.HasRooms = true
		st.Rooms, st.Locality = roomSpread(p, rooms)
	}
	return st
}

// brokerIndex numbers the distinct broker names of qs in first-seen order.
func brokerIndex(qs []alloc.MessageQueue) (names []string, of []int32) {
	idx := map[string]int32{}
	of = make([]int32, len(qs))
	last, lastIdx := "", int32(-1)
	for i, q := range qs {
		if lastIdx >= 0 && q.BrokerName == last {
			of[i] = lastIdx
			continue
		}
		b, ok := idx[q.BrokerName]
		if !ok {
			b = int32(len(names))
			idx[q.BrokerName] = b
			names = append(names, q.BrokerName)
		}
		of[i], last, lastIdx = b, q.BrokerName, b
	}
	return names, of
}

func brokerSpread(p *plan) []BrokerSpread {
	names, of := brokerIndex(p.queues)
	out := make([]BrokerSpread, len(names)) // non-nil even when empty
	for b, n := range names {
		out[b].Broker = n
	}
	for i, b := range of {
		out[b].Queues++
		if p.owners.Count(i) == 0 {
			out[b].Orphaned++
		}
	}
	// Per member, count its queues per broker; touched resets the counters.
	per := make([]int, len(names))
	var touched []int32
	for _, sh := range p.shares {
		for _, q := range sh {
			b := of[q]
			if per[b] == 0 {
				touched = append(touched, b)
			}
			per[b]++
		}
		for _, b := range touched {
			out[b].Consumers++
			out[b].MaxPerConsumer = max(out[b].MaxPerConsumer, per[b])
			per[b] = 0
		}
		touched = touched[:0]
	}
	return out
}

func roomSpread(p *plan, r alloc.MachineRoomResolver) ([]RoomSpread, float64) {
	idx := map[string]int{}
	var out []RoomSpread
	roomOf := func(name string) int {
		i, ok := idx[name]
		if !ok {
			i = len(out)
			idx[name] = i
			out = append(out, RoomSpread{Room: name})
		}
		return i
	}
	brokerRoom := map[string]int{}
	qRoom := make([]int, len(p.queues))
	for i, q := range p.queues {
		b, ok := brokerRoom[q.BrokerName]
		if !ok {
			name, err := r.BrokerDeployIn(q)
			if err != nil {
				name = ""
			}
			b = roomOf(name)
			brokerRoom[q.BrokerName] = b
		}
		qRoom[i] = b
		out[b].Queues++
	}
	mRoom := make([]int, len(p.members))
	for m, cid := range p.members {
		name, err := r.ConsumerDeployIn(cid)
		if err != nil {
			name = ""
		}
		mRoom[m] = roomOf(name)
		out[mRoom[m]].Members++
	}
	local, assigned := 0, 0
	for i := range p.queues {
		own := p.owners.Of(i)
		if len(own) == 0 {
			out[qRoom[i]].Orphaned++
			continue
		}
		assigned++
		isLocal := false
		for _, m := range own {
			if mRoom[m] == qRoom[i] {
				isLocal = true
				break
			}
		}
		if isLocal {
			local++
			out[qRoom[i]].Local++
		} else {
			out[qRoom[i]].Remote++
		}
	}
	sortx.Func(out, func(a, b RoomSpread) int { return alloc.CompareStrings(a.Room, b.Room) })
	if assigned == 0 {
		return out, 0
	}
	return out, float64(local) / float64(assigned)
}

// RoomFuncs adapts two plain functions to alloc.MachineRoomResolver, for
// StatsOf and Options.Rooms: broker gives the room of a queue's broker, consumer the
// room of a client ID.
func RoomFuncs(broker func(alloc.MessageQueue) string, consumer func(clientID string) string) alloc.MachineRoomResolver {
	return roomFuncs{broker: broker, consumer: consumer}
}

type roomFuncs struct {
	broker   func(alloc.MessageQueue) string
	consumer func(string) string
}

func (r roomFuncs) BrokerDeployIn(q alloc.MessageQueue) (string, error) { return r.broker(q), nil }
func (r roomFuncs) ConsumerDeployIn(cid string) (string, error)         { return r.consumer(cid), nil }
