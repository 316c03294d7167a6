//go:build live

package livetest

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/live"
)

// Issue 34, situation 7: the doctor judges a POP group by what the broker
// gave its members to pop (their #Consumer Pop Detail#), on the real 5.3.3
// cluster: a healthy POP group is OK, and a group where a classic (client
// rebalance) member pulls queues a POP member pops is DOUBLE_OWNED with the
// mix named, as the real consumers' counts show (more consumed than sent).

var (
	topicPopOK  = topic5("T5_popok", queuesOn{"broker-a5": 3, "broker-b5": 2})
	topicPopMix = topic5("T5_popmix", queuesOn{"broker-a5": 2, "broker-b5": 2})
)

// sendTo5 sends n messages to topic on kit5's cluster (the LiveProducer
// driver's counting loop) and returns how many the brokers took.
func sendTo5(t *testing.T, group, topic string, n int) int {
	t.Helper()
	out, errs, err := theKit.java(3*time.Minute, "LiveProducer", "-n", theKit.namesrv5, "-g", group, "-t", topic, "-c", strconv.Itoa(n))
	require.NoError(t, err, "%s%s", out, errs)
	sent := 0
	var failed []string
	for _, l := range strings.Split(out, "\n") {
		f := strings.Fields(l)
		switch {
		case len(f) < 3 || f[0] != "SEND":
		case f[2] != "NOROUTE" && f[2] != "FAILED":
			sent++
		default:
			failed = append(failed, l)
		}
	}
	t.Logf("%s: %d of %d sends went through; failed: %v", topic, sent, n, failed)
	require.Greater(t, sent, 0, "no send went through: %s", out)
	return sent
}

// consumedIn is the sum of the consumed counts of the hold files' lines.
func consumedIn(t *testing.T, holds ...string) (int64, []holdLine) {
	t.Helper()
	lines, err := readHolds(holds...)
	require.NoError(t, err)
	var n int64
	for _, l := range lines {
		n += l.Consumed
	}
	return n, lines
}

// TestKit5PopHealthyGroup: two POP members with popShareQueueNum 0 both pop
// every queue; every message is consumed once; the doctor (live and from
// the real 5.3.3 mqadmin) says OK, each queue owned by both POP members,
// and nothing UNOWNED or ORPHANED.
func TestKit5PopHealthyGroup(t *testing.T) {
	k := theKit
	if k.namesrv5 == "" {
		t.Skip("kit5 (RocketMQ 5.3.3) is not running: no RMQALLOC_LIVE_NAMESRV5")
	}
	t.Parallel()
	g := popGroup{"G5_popok", topicPopOK, "avg", "POP", 0, []string{"h1", "h2"}}
	holds := startPopGroupsAs(t, "kit5-popok", []popGroup{g})
	settle(t, g.name, 150*time.Second, func() (bool, string) { return checkPopGroup(g, holds[g.name]) })
	sent := sendTo5(t, "G5_popok_producer", g.topic, 40)
	settle(t, g.name+" consumed every message", 120*time.Second, func() (bool, string) {
		n, _ := consumedIn(t, holds[g.name])
		return n >= int64(sent), fmt.Sprintf("consumed %d of %d sent", n, sent)
	})
	n, lines := consumedIn(t, holds[g.name])
	t.Logf("POP share 0: %d consumed for %d sent; hold lines %v", n, sent, lines)
	assert.Equal(t, int64(sent), n, "a healthy POP group consumes each message once")

	rep, _ := liveDiagnoseOn(t, k.namesrv5, g.name, liveDir(t, "kit5-popok"))
	t.Logf("doctor on the live healthy POP group:\n%s", rep.Text())
	checkHealthyPop(t, rep, g)
	capDir := k.capture5(t, "kit5-popok", g.topic, g.name, len(g.insts))
	real := diagnose(t, capDir)
	checkHealthyPop(t, real, g)
	sameDiagnosis(t, real, rep, g.topic)

	// From consumerProgress alone (no status files: --progress only, or
	// a capture without consumerStatus), the POP members hold no queue
	// the progress can show: unknown and said why, never UNOWNED.
	saved, err := live.ReadFolder(liveDir(t, "kit5-popok"))
	require.NoError(t, err)
	for what, in := range map[string]doctor.Input{"live read's progress": saved, "mqadmin's progress": captureInput(t, capDir)} {
		in.Status, in.StatusErr = nil, ""
		rep, err := doctor.Diagnose(in)
		require.NoError(t, err, what)
		checkPopFromProgress(t, what, rep, g)
	}
}

// checkPopFromProgress: a healthy POP group read without status files:
// every queue of the topic unknown, SERVER_SIDE_REBALANCE naming the
// members, nothing wrong claimed.
func checkPopFromProgress(t *testing.T, what string, rep *doctor.Report, g popGroup) {
	t.Helper()
	t.Logf("%s alone: %s", what, rep.Verdict)
	// Judged on what shows (the %RETRY% topic, when mqadmin gave it) or,
	// when every queue is unknown, not judged (exit 3): never wrong.
	assert.Equal(t, rep.Judged, rep.OK, "%s: %s", what, rep.Text())
	for _, c := range []doctor.Code{doctor.CodeUnowned, doctor.CodeOrphaned, doctor.CodeDoubleOwned, doctor.CodeWrongOwner} {
		assert.NotContains(t, findingCodes(rep), c, "%s: %s", what, rep.Text())
	}
	assert.Len(t, queuesWithStatus(rep, g.topic, doctor.StatusUnknown), 5, "%s: %s", what, rep.Text())
	f := findingWith(rep, doctor.CodeServerSideRebalance)
	if assert.NotNil(t, f, "%s: %s", what, rep.Text()) {
		var want []string
		for _, inst := range g.insts {
			want = append(want, "127.0.0.1@"+inst)
		}
		assert.ElementsMatch(t, want, f.Clients, "%s: %s", what, f.Message)
		assert.Contains(t, f.Message, "N/A does not mean unowned", what)
	}
}

// checkHealthyPop: OK, every queue of the topic owned by every member.
func checkHealthyPop(t *testing.T, rep *doctor.Report, g popGroup) {
	t.Helper()
	assert.True(t, rep.OK, rep.Text())
	codes := findingCodes(rep)
	for _, c := range []doctor.Code{doctor.CodeUnowned, doctor.CodeOrphaned, doctor.CodeDoubleOwned, doctor.CodeWrongOwner} {
		assert.NotContains(t, codes, c, rep.Text())
	}
	var want []string
	for _, inst := range g.insts {
		want = append(want, "127.0.0.1@"+inst)
	}
	n := 0
	for _, tr := range rep.Topics {
		if tr.Topic != g.topic {
			continue
		}
		for _, q := range tr.Queues {
			n++
			assert.Equal(t, doctor.StatusOK, q.Status, "%s/%d: %s", q.BrokerName, q.QueueID, rep.Text())
			assert.ElementsMatch(t, want, q.Actual, "%s/%d is popped by every member", q.BrokerName, q.QueueID)
		}
	}
	assert.Equal(t, 5, n, "the topic's queues")
}

// TestKit5PopMixedWithPull: one POP member (popShareQueueNum 0: it pops
// every queue) and one classic member that allocates for itself (AVG over
// both client IDs: the first half) in one group. The classic member's
// queues are consumed twice (the real counts: more consumed than sent); the
// doctor says DOUBLE_OWNED on exactly those queues, naming who pulls and
// who pops, and exit 1; the other queues, popped only, are not UNOWNED.
func TestKit5PopMixedWithPull(t *testing.T) {
	k := theKit
	if k.namesrv5 == "" {
		t.Skip("kit5 (RocketMQ 5.3.3) is not running: no RMQALLOC_LIVE_NAMESRV5")
	}
	t.Parallel()
	g := popGroup{"G5_popmix", topicPopMix, "avg", "POP", 0, []string{"x1"}}
	holds := startPopGroupsAs(t, "kit5-popmix", []popGroup{g})
	pullHold := k.holdPath(g.name + "-pull")
	k.kit5Consumer(t, "kit5-popmix-pull", 1, "-n", k.namesrv5, "-g", g.name, "-t", g.topic, "-hold", pullHold, "c1")
	const puller, popper = "127.0.0.1@c1", "127.0.0.1@x1"
	var pulled []string
	settle(t, g.name, 150*time.Second, func() (bool, string) {
		lines, err := readHolds(holds[g.name], pullHold)
		if err != nil {
			return false, err.Error()
		}
		var pops, pulls []string
		for _, l := range lines {
			switch l.ClientID {
			case popper:
				pops = mainOnly(l.Held)
			case puller:
				pulls = mainOnly(l.Held)
			}
		}
		wantPops := []string{"broker-a5/" + g.topic + "/-1", "broker-b5/" + g.topic + "/-1"}
		pulled = pulls
		// AVG over [c1, x1] and 4 queues: c1 takes the first two.
		wantPulls := []string{"broker-a5/" + g.topic + "/0", "broker-a5/" + g.topic + "/1"}
		ok := slices.Equal(pops, wantPops) && slices.Equal(pulls, wantPulls)
		return ok, fmt.Sprintf("%s pops %v (want %v), %s pulls %v (want %v)", popper, pops, wantPops, puller, pulls, wantPulls)
	})
	sent := sendTo5(t, "G5_popmix_producer", g.topic, 40)
	settle(t, g.name+" consumed every message", 120*time.Second, func() (bool, string) {
		n, _ := consumedIn(t, holds[g.name], pullHold)
		return n > int64(sent), fmt.Sprintf("consumed %d for %d sent", n, sent)
	})
	n, lines := consumedIn(t, holds[g.name], pullHold)
	t.Logf("pull + POP: %d consumed for %d sent (the pulled queues twice); hold lines %v", n, sent, lines)

	rep, _ := liveDiagnoseOn(t, k.namesrv5, g.name, liveDir(t, "kit5-popmix"))
	t.Logf("doctor on the live pull+POP group:\n%s", rep.Text())
	checkMixedPop(t, rep, g.topic, pulled, puller, popper)
	capDir := k.capture5(t, "kit5-popmix", g.topic, g.name, 2)
	real := diagnose(t, capDir)
	checkMixedPop(t, real, g.topic, pulled, puller, popper)
	sameDiagnosis(t, real, rep, g.topic)
}

// checkMixedPop: DOUBLE_OWNED on exactly the pulled queues, the finding
// naming the puller and the popper; no UNOWNED; not OK.
func checkMixedPop(t *testing.T, rep *doctor.Report, topic string, pulled []string, puller, popper string) {
	t.Helper()
	assert.False(t, rep.OK, rep.Text())
	assert.Equal(t, pulled, queuesWithStatus(rep, topic, doctor.StatusDoubleOwned), rep.Text())
	assert.Empty(t, queuesWithStatus(rep, topic, doctor.StatusUnowned), rep.Text())
	assert.NotContains(t, findingCodes(rep), doctor.CodeOrphaned, rep.Text())
	var f *doctor.Finding
	for _, tr := range rep.Topics {
		for i := range tr.Findings {
			if tr.Topic == topic && tr.Findings[i].Code == doctor.CodeDoubleOwned {
				f = &tr.Findings[i]
			}
		}
	}
	require.NotNil(t, f, "DOUBLE_OWNED on %s: %s", topic, rep.Text())
	assert.Contains(t, f.Message, puller+" pulls", f.Message)
	assert.Contains(t, f.Message, popper+" pops", f.Message)
	assert.ElementsMatch(t, []string{puller, popper}, f.Clients)
}
