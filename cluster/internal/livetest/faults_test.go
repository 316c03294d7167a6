//go:build live

package livetest

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// Faults made real: each scenario's consumers are real; the doctor reads the
// real mqadmin output (capture.sh) and must name what is wrong.

var kitBaseTopic = topic("T_kit", queuesOn{"broker-a": 4, "broker-b": 4})

// TestKitConsumerGroupIsHealthy: the kit's own KitConsumer, three AVG
// clients in one JVM: they hold what rmqalloc predicts and the doctor finds
// nothing wrong.
func TestKitConsumerGroupIsHealthy(t *testing.T) {
	t.Parallel()
	k, g := theKit, "G_kit"
	hold := k.holdPath(g)
	k.kitConsumer(t, "kit-base", 3, "-g", g, "-t", kitBaseTopic, "-hold", hold, "k1", "k2", "k3")
	lg := javaGroup(g, []string{kitBaseTopic}, []string{hold}, avgMembers("127.0.0.1@k1", "127.0.0.1@k2", "127.0.0.1@k3"), 3)
	settle(t, g, 150*time.Second, lg.check)
	t0 := time.Now()
	rep := diagnose(t, k.capture(t, "kit-base", kitBaseTopic, g, 3, hold))
	t.Logf("capture.sh (mqadmin, its calls run side by side): %v", time.Since(t0).Round(time.Millisecond))
	assert.True(t, rep.OK, "doctor: %s\n%s", rep.Verdict, rep.Text())
	assert.Equal(t, 8, len(queuesWithStatus(rep, kitBaseTopic, doctor.StatusOK)), rep.Text())
	liveRep, _ := liveDiagnose(t, g, liveDir(t, "kit-base"))
	sameDiagnosis(t, rep, liveRep, kitBaseTopic)
	out := cliLiveDoctor(t, g, liveDir(t, "kit-base-cli"))
	assert.Contains(t, out, `"ok":true`, "the npm CLI's live report")
}

var dupTopic = topic("T_dup", queuesOn{"broker-a": 4, "broker-b": 4})

// TestDuplicateClientID: two JVMs with the same client ID 127.0.0.1@dup and
// one other member: both dup processes hold the same share (the broker lists
// the ID twice), and the doctor reports DUPLICATE_CLIENT_ID and that share
// as double-owned.
func TestDuplicateClientID(t *testing.T) {
	t.Parallel()
	k, g := theKit, "G_dup"
	h1, h2 := k.holdPath("G_dup-1"), k.holdPath("G_dup-2")
	k.kitConsumer(t, "dup-1", 2, "-g", g, "-t", dupTopic, "-hold", h1, "dup", "other")
	k.kitConsumer(t, "dup-2", 1, "-g", g, "-t", dupTopic, "-hold", h2, "dup")
	lg := javaGroup(g, []string{dupTopic}, []string{h1, h2}, avgMembers("127.0.0.1@dup", "127.0.0.1@other"), 3)
	lg.lines = 3
	settle(t, g, 150*time.Second, lg.check)
	rep := diagnose(t, k.capture(t, "dup", dupTopic, g, 2, h1, h2))
	assert.False(t, rep.OK, rep.Text())
	assert.Contains(t, findingCodes(rep), doctor.CodeDuplicateClientID, rep.Text())
	dupShare := queuesExpectedOf(rep, dupTopic, "127.0.0.1@dup")
	require.NotEmpty(t, dupShare, rep.Text())
	assert.Equal(t, dupShare, queuesWithStatus(rep, dupTopic, doctor.StatusDoubleOwned), rep.Text())
	liveRep, _ := liveDiagnose(t, g, liveDir(t, "dup"))
	sameDiagnosis(t, rep, liveRep, dupTopic)
}

// Mixed strategies: AVG_BY_CIRCLE beside AVG in one group; each member holds
// its own strategy's share, so some queues are held twice and some by
// nobody, and the doctor reports MIXED_STRATEGIES and the double-held queues.
var mixSection = sec("G_mix", []string{topic("T_mix", queuesOn{"broker-a": 4, "broker-b": 4})}, 0,
	consumer{"", "m1", "circle"}, consumer{"", "m2", "avg"}, consumer{"", "m3", "avg"})

func TestMixedStrategies(t *testing.T) {
	t.Parallel()
	k, s := theKit, mixSection
	lg := s.liveGroup()
	settle(t, s.group, 150*time.Second, lg.check)
	v, reason := observe(s.group, s.topics, false)
	require.Empty(t, reason)
	want, err := expect(s.group, v, lg.members)
	require.NoError(t, err)
	double := heldTwice(want)
	require.NotEmpty(t, double, "the scenario must hold some queue twice: %v", want)
	rep := diagnose(t, k.capture(t, "mixed-strategies", s.topics[0], s.group, 3, k.holdPath(s.group)))
	assert.False(t, rep.OK, rep.Text())
	assert.Contains(t, findingCodes(rep), doctor.CodeMixedStrategies, rep.Text())
	assert.Equal(t, double, queuesWithStatus(rep, s.topics[0], doctor.StatusDoubleOwned), rep.Text())
	liveRep, _ := liveDiagnose(t, s.group, liveDir(t, "mixed-strategies"))
	sameDiagnosis(t, rep, liveRep, s.topics[0])
}

// heldTwice lists the queues that two or more members are predicted to hold.
func heldTwice(want map[string][]string) []string {
	n := map[string]int{}
	for _, qs := range want {
		for _, q := range qs {
			if !strings.Contains(q, "/%RETRY%") {
				n[q]++
			}
		}
	}
	set := map[string]bool{}
	for q, c := range n {
		if c > 1 {
			set[q] = true
		}
	}
	return keys(set)
}

// A member joining and leaving: j1 j2 run in the shared JVM; j3 joins in a
// JVM of its own, then leaves. After each change every member holds its
// new share (the brokers notify the group at once).
var joinSection = sec("G_join", []string{topic("T_join", queuesOn{"broker-a": 4, "broker-b": 4})}, 0,
	consumer{"", "j1", ""}, consumer{"", "j2", ""})

func TestMemberJoinsAndLeaves(t *testing.T) {
	t.Parallel()
	k, s := theKit, joinSection
	settle(t, "G_join (2 members)", 150*time.Second, s.liveGroup().check)
	hold := k.holdPath("G_join-new")
	k.liveConsumer(t, "join-new", 1, "-n", k.namesrv, "-g", s.group, "-t", s.topics[0], "-hold", hold, "j3")
	three := s.liveGroup(hold)
	three.members["127.0.0.1@j3"] = three.members["127.0.0.1@j1"]
	three.lines, three.cids = 3, 3
	settle(t, "G_join (j3 joined)", 120*time.Second, three.check)
	k.kill("join-new")
	settle(t, "G_join (j3 left)", 120*time.Second, s.liveGroup().check)
}

// javaGroup is a group of Java 4.9.3 consumers spread over hold files.
func javaGroup(name string, topics, holds []string, members map[string]member, cids int) *liveGroup {
	return &liveGroup{name: name, topics: topics, holds: holds, members: members, lines: len(members), cids: cids}
}

func avgMembers(cids ...string) map[string]member {
	m := map[string]member{}
	for _, c := range cids {
		m[c] = member{profile: javaProfile, spec: mustSpec("avg")}
	}
	return m
}

func mustSpec(s string) alloc.StrategySpec {
	spec, err := specOf(s, "")
	if err != nil {
		panic(err)
	}
	return spec
}
