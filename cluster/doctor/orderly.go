package doctor

import (
	"slices"
	"strings"
)

// orderlyLockLife is how long a broker keeps a queue locked for a client
// that stopped renewing it (RebalanceLockManager's lockMaxLiveTime,
// rocketmq.broker.rebalance.lockMaxLiveTime, 60 s by default).
const orderlyLockLife = "60 s"

// orderly: the member's status says it consumes orderly
// (ConsumerRunningInfo's PROP_CONSUMEORDERLY).
func (m *member) orderly() bool {
	return m != nil && m.status != nil && m.status.info != nil &&
		strings.EqualFold(strings.TrimSpace(m.status.info.Properties["PROP_CONSUMEORDERLY"]), "true")
}

// orderlyLocks finds the queues nobody holds whose expected owners consume
// orderly and answered with their status: an orderly consumer takes a new
// queue only once it has locked it on the broker (RebalanceImpl's
// updateProcessQueueTableInRebalance), and the broker refuses while the
// lock is another client's: a member that left without unlocking (killed,
// crashed) keeps it up to orderlyLockLife after its last renewal, and
// nobody consumes the queue meanwhile. It reports ORDERLY_LOCK_HELD and
// returns those queues, so no out-of-date route or member list claims
// them.
func (d *diagnosis) orderlyLocks(st *topicState, tr *TopicReport) map[int]bool {
	if d.mode != modeCID || d.broadcasting {
		return nil
	}
	out := map[int]bool{}
	var qs []int
	var owners []string
	var lag int64
	for i := range tr.Queues {
		qr := &tr.Queues[i]
		if qr.Status != StatusUnowned || len(qr.Expected) == 0 {
			continue
		}
		all := true
		for _, e := range qr.Expected {
			all = all && d.g.byCID[e].orderly()
		}
		if !all {
			continue
		}
		out[i] = true
		qs = append(qs, i)
		for _, e := range qr.Expected {
			if !slices.Contains(owners, e) {
				owners = append(owners, e)
			}
		}
		if row := st.rowAt[i]; row != nil {
			lag += row.Diff
		}
	}
	if len(qs) == 0 {
		return nil
	}
	slices.Sort(owners)
	waiting := "lag " + itoa(int(lag))
	if lag == 0 {
		waiting = "no message waiting yet"
	}
	st.addFinding(CodeOrderlyLockHeld, plural(len(qs), "queue is", "queues are")+" consumed by nobody ("+waiting+"): the group consumes orderly (consumeOrderly=true) and "+strings.Join(owners, ", ")+", whose own allocate call returns them, "+hasHave(len(owners))+" not taken them, as an orderly consumer takes a queue only once the broker locks it for it; the broker still holds the lock for another client, usually a member that left without unlocking (killed or crashed), for up to "+orderlyLockLife+" after its last renewal, and their messages wait meanwhile. Run the doctor again in a minute: if they are still not held, look for a process of the group that still holds them (one the connection list does not show, or a frozen member)", qs, owners)
	return out
}

// orderlyCause is the cause orderlyLocks gives each of its queues.
func orderlyCause(expected []string) string {
	return "not locked on the broker for " + strings.Join(expected, ", ") + " (orderly consumption): the lock is still another client's, usually a member that left without unlocking, for up to " + orderlyLockLife + " after its last renewal"
}

func hasHave(n int) string {
	if n == 1 {
		return "has"
	}
	return "have"
}
