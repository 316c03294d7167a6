package doctor

import (
	"slices"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/analysis"
)

// maxRooms bounds the rooms whose subsets are tried as a MACHINE_ROOM
// member's consumeridcs (2^maxRooms - 1 sets).
const maxRooms = 8

// machineRooms works out the consumeridcs of members whose status files
// say MACHINE_ROOM, which the outputs do not show. Java's rule keeps only
// queues whose broker name is ROOM@name with ROOM among the member's
// rooms: when no broker name has that form MACHINE_ROOM keeps nothing,
// whatever the rooms, and the doctor simulates that exactly; otherwise it
// tries every set of the rooms the broker names offer and keeps, per
// member, the one whose own call best reproduces the queues it holds.
func (d *diagnosis) machineRooms(topics []*topic) error {
	var ms []*member
	for _, m := range d.g.members {
		if m.reported == "MACHINE_ROOM" && m.status != nil {
			ms = append(ms, m)
		}
	}
	if len(ms) == 0 {
		return nil
	}
	var offered []string
	for _, tp := range topics {
		for _, q := range tp.queues {
			if r, ok := alloc.MachineRoomOf(q.BrokerName); ok && !slices.Contains(offered, r) {
				offered = append(offered, r)
			}
		}
	}
	slices.Sort(offered)
	var cids []string
	for _, m := range ms {
		cids = append(cids, m.cid)
	}
	if len(offered) == 0 {
		for _, m := range ms {
			m.strategy, m.rooms, m.reportedOK = "MACHINE_ROOM", []string{}, true
		}
		d.roomFindings = append(d.roomFindings, leveled(Finding{Code: CodeMachineRoom, Clients: cids,
			Message: strings.Join(cids, ", ") + " run MACHINE_ROOM, and no broker name has the form ROOM@name: MACHINE_ROOM keeps only queues of such brokers whose ROOM is one of the consumer's rooms (consumeridcs), so it keeps no queue for them, whatever their rooms, and they consume nothing (their share goes to nobody). Name the brokers ROOM@name, or give these members another strategy"}))
		return nil
	}
	if len(offered) > maxRooms {
		return nil // left as UNKNOWN_STRATEGY
	}
	for _, m := range ms {
		best, agree, total, err := d.bestRooms(m, topics, offered)
		if err != nil {
			return err
		}
		m.strategy, m.rooms, m.reportedOK = "MACHINE_ROOM", best, true
		d.roomFindings = append(d.roomFindings, leveled(Finding{Code: CodeMachineRoom, Clients: []string{m.cid},
			Message: m.cid + " runs MACHINE_ROOM, whose rooms (consumeridcs) the outputs do not show: of the rooms the broker names offer (" + strings.Join(offered, ", ") + "), {" + strings.Join(best, ", ") + "} agrees best with what it holds (on " + itoa(agree) + " of " + plural(total, "queue", "queues") + "), and is simulated"}))
	}
	return nil
}

// bestRooms tries every non-empty set of offered as m's rooms: the one
// under which m's own call agrees (holds or not) with the most of its
// topics' queues, the smallest first among equals.
func (d *diagnosis) bestRooms(m *member, topics []*topic, offered []string) (best []string, agree, total int, err error) {
	agree = -1
	for mask := 1; mask < 1<<len(offered); mask++ {
		var rooms []string
		for i, r := range offered {
			if mask&(1<<i) != 0 {
				rooms = append(rooms, r)
			}
		}
		idx, err := d.strategyIndex("MACHINE_ROOM", m.profile, rooms)
		if err != nil {
			return nil, 0, 0, &alloc.TextError{Source: "strategy", Msg: err.Error()}
		}
		n, all := 0, 0
		for _, tp := range topics {
			if len(tp.queues) == 0 || !m.subscribes(tp.name) {
				continue
			}
			res, err := d.share(tp.queues, d.g.cidAll, []analysis.View{{Member: m.cid, Strategy: idx}})
			if err != nil {
				continue
			}
			mine := map[qkey]bool{}
			for _, p := range res.Combined.MemberShare(0) {
				q := res.Combined.Queues()[p]
				mine[qkey{q.Topic, q.BrokerName, q.QueueID}] = true
			}
			for _, q := range tp.queues {
				k := qkey{q.Topic, q.BrokerName, q.QueueID}
				all++
				if mine[k] == m.holds[k] {
					n++
				}
			}
		}
		if n > agree || n == agree && len(rooms) < len(best) {
			best, agree, total = rooms, n, all
		}
	}
	return best, agree, total, nil
}
