package doctor

import (
	"strconv"
	"strings"
)

// consumerProgress's #Client IP names the client that holds a queue in its
// own queue table. A 5.x member in the broker's POP mode holds none: the
// broker hands it messages to pop, so its queues show N/A beside offsets
// that keep up. Read from consumerProgress alone (no status files, whose
// #Consumer Pop Detail# would say what the broker gave), an N/A queue of a
// group with 5.x members and nothing waiting cannot be told unowned from
// popped: it is unknown, and said why, never UNOWNED. One with messages
// waiting stays UNOWNED: they pile up there, whoever should pop them.

// popUnseenWhy is the cause of those queues (unreadFindings leaves it to
// popUnseen's own finding).
const popUnseenWhy = "#Client IP N/A with nothing waiting, and a 5.x member may pop it (POP holds no queue the progress can show)"

// mayPop: m runs a client that can consume in POP mode (5.x), or the
// connection says CONSUME_POP.
func (m *member) mayPop(consumeType string) bool {
	if consumeType == "CONSUME_POP" {
		return true
	}
	for _, c := range m.conns {
		v, ok := strings.CutPrefix(c.Version, "V")
		if !ok {
			continue
		}
		major, _, _ := strings.Cut(v, "_")
		if n, err := strconv.Atoi(major); err == nil && n >= 5 {
			return true
		}
	}
	return false
}

// popUnseen makes unknown the queues consumerProgress shows held by nobody
// with no lag when owners come from #Client IP only and a subscriber may
// pop, and says
// so in one SERVER_SIDE_REBALANCE finding naming those members.
func (d *diagnosis) popUnseen(st *topicState) {
	if d.mode != modeIP || d.broadcasting {
		return
	}
	var poppers []string
	for _, m := range st.subs {
		if m.mayPop(d.in.conn.ConsumeType) {
			poppers = append(poppers, m.cid)
		}
	}
	if len(poppers) == 0 {
		return
	}
	var qs []int
	for i, a := range st.actual {
		if row := st.rowAt[i]; a != nil && len(a) == 0 && row != nil && row.Diff <= 0 {
			st.actual[i] = nil
			st.unknownWhy[i] = popUnseenWhy
			qs = append(qs, i)
		}
	}
	if len(qs) == 0 {
		return
	}
	st.addFinding(CodeServerSideRebalance, plural(len(qs), "queue shows", "queues show")+" no holder in consumerProgress (#Client IP N/A) and nothing waiting while "+strings.Join(poppers, ", ")+" "+isAre(len(poppers))+" 5.x "+clientsWord(len(poppers))+": in the broker's POP mode a member pops queues the broker gives it and holds none in its own table, so N/A does not mean unowned. These queues are unknown, not counted in the verdict; and a queue shown held may be popped as well (pull and POP mixed in one group: each message consumed twice), which only the status files show. Give the members' consumerStatus files (a 5.x mqadmin prints what each pops, #Consumer Pop Detail#) or read the group live (rmqalloc doctor --namesrv)", qs, poppers)
}

func clientsWord(n int) string {
	if n == 1 {
		return "client"
	}
	return "clients"
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}
