package doctor_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// A topic grown from 4 to 8 queues a broker: two members have refreshed
// their route, 10.0.0.3 still allocates over 4 a broker. That is a
// warning naming the route refresh, not UNOWNED/DOUBLE_OWNED errors.
func TestRouteViewDiffers(t *testing.T) {
	for _, withStatus := range []bool{true, false} {
		grown := small()
		grown.perBroker = 8
		old := small() // 4 a broker
		hold := ownAllocate(t, grown, "AVG", alloc.Java493.Name(), grown.clients)
		stale := grown.clients[2]
		hold[stale] = ownAllocate(t, old, "AVG", alloc.Java493.Name(), old.clients)[stale]
		rep, err := doctor.Diagnose(grown.input(hold, classOf, withStatus, ""))
		require.NoError(t, err)
		f := finding(rep, doctor.CodeRouteViewDiffers)
		require.NotNil(t, f, rep.Text())
		assert.Equal(t, doctor.LevelWarning, f.Level)
		assert.Equal(t, []string{ipOrCID(grown.input(hold, classOf, withStatus, ""), stale)}, f.Clients)
		assert.Contains(t, f.Message, "as if every broker had 4 readable queues (the route says 8)")
		assert.Contains(t, f.Message, "30 s (pollNameServerInterval)")
		assert.NotEmpty(t, f.Queues)
		for _, c := range []doctor.Code{doctor.CodeUnowned, doctor.CodeDoubleOwned, doctor.CodeWrongOwner, doctor.CodeUnexpectedOwner} {
			assert.NotContains(t, codes(rep), c, rep.Text())
		}
		assert.True(t, rep.OK, rep.Text())
		assert.Contains(t, rep.Verdict, "OK for now")
		for _, q := range rep.Topics[0].Queues {
			if q.Status != doctor.StatusOK {
				assert.Contains(t, q.Cause, "its route is out of date", "%s/%d", q.BrokerName, q.QueueID)
			}
		}
	}
}

// A broker just added: one member does not see broker-b yet.
func TestRouteViewBrokerAdded(t *testing.T) {
	c := small()
	c.perBroker = 8
	hold := ownAllocate(t, c, "AVG", alloc.Java493.Name(), c.clients)
	onlyA := small()
	onlyA.perBroker = 8
	onlyA.brokers = onlyA.brokers[:1]
	stale := c.clients[0]
	hold[stale] = ownAllocate(t, onlyA, "AVG", alloc.Java493.Name(), onlyA.clients)[stale]
	rep, err := doctor.Diagnose(c.input(hold, classOf, true, ""))
	require.NoError(t, err)
	f := finding(rep, doctor.CodeRouteViewDiffers)
	require.NotNil(t, f, rep.Text())
	assert.Contains(t, f.Message, stale+" allocates as if broker-b were not in the route")
}

// consumerConnection's answer for a group with no consumer online (what
// it prints on stderr) is read as an offline group: queues and lag from
// consumerProgress, GROUP_OFFLINE, judged (nobody consumes).
func TestOfflineGroupFromError(t *testing.T) {
	dir := "../../testdata/real/offline-group"
	in := doctor.Input{
		Routes:     []doctor.RouteText{{Text: readFile(t, filepath.Join(dir, "route.txt"))}},
		Connection: readFile(t, filepath.Join(dir, "connection.err")),
		Progress:   readFile(t, filepath.Join(dir, "progress.txt")),
	}
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err)
	f := finding(rep, doctor.CodeGroupOffline)
	require.NotNil(t, f, rep.Text())
	assert.Contains(t, f.Message, "CODE 206")
	assert.False(t, rep.OK)
	assert.True(t, rep.Judged)
	assert.Equal(t, map[string]int{"unassigned": 16}, statuses(rep, "T_DUP"))
	assert.Contains(t, rep.Verdict, "No member of the group is online")

	// Another failure is not taken for an offline group, nor for bad
	// input: the cluster's own error leaves the group unjudged (exit 3).
	in.Connection = "org.apache.rocketmq.client.exception.MQBrokerException: CODE: 1  DESC: system busy BROKER: 127.0.0.1:10911"
	rep, err = doctor.Diagnose(in)
	require.NoError(t, err)
	assert.False(t, rep.Judged)
	assert.False(t, rep.OK)
	assert.Nil(t, finding(rep, doctor.CodeGroupOffline))
	f = finding(rep, doctor.CodeReadFailed)
	require.NotNil(t, f, rep.Text())
	assert.Contains(t, f.Message, "127.0.0.1:10911: CODE 1 (system busy)")
	assert.Contains(t, rep.Verdict, "Could not read the group")
}

// A 5.3.3 mqadmin against 4.9.3 brokers: the whole-group consumerProgress
// fails with request 351; the doctor says the per-topic command to run
// (group, each topic, the route's cluster) and diagnoses from the status
// files meanwhile.
func TestProgressUnsupported(t *testing.T) {
	dir := "../../testdata/real5/b493-basic3-c533"
	in := captureInput(t, dir)
	in.Progress = readFile(t, filepath.Join(dir, "progress.err"))
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err)
	f := finding(rep, doctor.CodeProgressUnsupported)
	require.NotNil(t, f, rep.Text())
	assert.Contains(t, f.Message, "mqadmin consumerProgress -g G_B5 -t T_B5 -c DefaultCluster -s true")
	assert.True(t, rep.OK, rep.Text())

	// The per-topic form (#Inflight there is meaningless, -30) is read as
	// the progress: lag and owners, all ok.
	in.Progress = readFile(t, filepath.Join(dir, "progress-c.txt"))
	rep, err = doctor.Diagnose(in)
	require.NoError(t, err)
	assert.NotContains(t, codes(rep), doctor.CodeProgressUnsupported)
	assert.True(t, rep.OK, rep.Text())
	assert.Equal(t, map[string]int{"ok": 16}, statuses(rep, "T_B5"))
}

// The Go client as a real cluster shows it: GO V4_5_2 in the connection,
// PROP_CLIENT_VERSION v2.1.1 and six properties in its running info. It
// is simulated as go-client-2.1.2, from either.
func TestGoClientIdentity(t *testing.T) {
	dir := "../../testdata/real/mixed-language"
	in := captureInput(t, dir)
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err)
	f := finding(rep, doctor.CodeMixedLanguages)
	require.NotNil(t, f, rep.Text())
	assert.Contains(t, f.Message, "GO (go-client-2.1.2): 1 client")
	assert.True(t, rep.OK, rep.Text())

	// The connection line alone would not say Go: the running info does.
	in.Connection = strings.Replace(in.Connection, "GO         V4_5_2", "CPP        V4_5_2", 1)
	rep, err = doctor.Diagnose(in)
	require.NoError(t, err)
	assert.NotContains(t, codes(rep), doctor.CodeUnknownLanguage, rep.Text())
	f = finding(rep, doctor.CodeMixedLanguages)
	require.NotNil(t, f, rep.Text())
	assert.Contains(t, f.Message, "CPP (go-client-2.1.2)")
}

// A Go and a Java client sharing one client ID: mixed languages too.
func TestMixedLanguagesSharedClientID(t *testing.T) {
	c := small()
	c.clients = append(c.clients, c.clients[0])
	c.langs = []string{"JAVA", "JAVA", "JAVA", "GO"}
	hold := ownAllocate(t, c, "AVG", alloc.Java493.Name(), c.clients)
	rep, err := doctor.Diagnose(c.input(hold, nil, false, ""))
	require.NoError(t, err)
	f := finding(rep, doctor.CodeMixedLanguages)
	require.NotNil(t, f, rep.Text())
	assert.Contains(t, f.Message, c.clients[0]+" is the client ID of clients in different languages")
}

// MACHINE_ROOM with ROOM@name brokers: the rooms are not in the outputs;
// the doctor tries the room sets the broker names offer and simulates the
// one that reproduces each member's queues ({A} here), so the queues of
// room B are what nobody consumes, exactly.
func TestMachineRoomBestRooms(t *testing.T) {
	c := small()
	c.brokers = []string{"A@broker-a", "B@broker-b"}
	c.clients = c.clients[:2]
	s, err := alloc.Java493.NewStrategy(alloc.StrategySpec{Name: "MACHINE_ROOM", ConsumerIDCs: []string{"A"}})
	require.NoError(t, err)
	qs := c.queues()
	alloc.SortQueues(qs)
	cids := alloc.SortedClientIDs(c.clients)
	hold := map[string][]alloc.MessageQueue{}
	class := map[string]string{}
	for _, cid := range c.clients {
		hold[cid], err = s.Allocate("G", cid, qs, cids)
		require.NoError(t, err)
		require.NotEmpty(t, hold[cid])
		class[cid] = "AllocateMessageQueueByMachineRoom"
	}
	rep, err := doctor.Diagnose(c.input(hold, class, true, ""))
	require.NoError(t, err)
	f := finding(rep, doctor.CodeMachineRoom)
	require.NotNil(t, f, rep.Text())
	assert.Contains(t, f.Message, "{A} agrees best with what it holds (on 8 of 8 queues)")
	assert.NotContains(t, codes(rep), doctor.CodeUnknownStrategy)
	assert.Equal(t, map[string]int{"ok": 4, "unassigned": 4}, statuses(rep, c.topic), rep.Text())
	orphaned := finding(rep, doctor.CodeOrphaned)
	require.NotNil(t, orphaned, rep.Text())
	for _, q := range orphaned.Queues {
		assert.Equal(t, "B@broker-b", q.BrokerName)
	}
}

// The per-topic outputs given together (the topic's, then the retry
// topic's) are one progress: every queue of both has its line.
func TestProgressPerTopicTogether(t *testing.T) {
	dir := "../../testdata/real5/b493-basic3-c533"
	in := captureInput(t, dir)
	one := readFile(t, filepath.Join(dir, "progress-c.txt"))
	retry := "#Topic                                                            #Broker Name                      #QID  #Broker Offset        #Consumer Offset      #Client IP           #Diff                #Inflight           #LastTime\n" +
		"%RETRY%G_B5                                                       broker-a                          0     0                     0                     127.0.0.1            0                    0                    N/A\n" +
		"%RETRY%G_B5                                                       broker-b                          0     0                     0                     127.0.0.1            0                    0                    N/A\n\nConsume TPS: 0.00\nConsume Diff Total: 0\nConsume Inflight Total: 0\n"
	in.Progress = one + retry
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err)
	assert.True(t, rep.OK, rep.Text())
	assert.NotContains(t, codes(rep), doctor.CodeRouteQueueWithoutOffset)

	// A broken second output is named by its line in the whole text.
	in.Progress = one + strings.Replace(retry, "127.0.0.1            0  ", "127.0.0.1            x  ", 1)
	ie := inputError(t, in)
	assert.Equal(t, "progress", ie.Source)
	assert.Equal(t, strings.Count(one, "\n")+2, ie.Line, ie.Error())
}

// A POP group is recognised from what the outputs show: a status file's
// #Consumer Pop Detail# queues, or the connection's ConsumeType.
func TestPopGroupRecognised(t *testing.T) {
	c := small()
	hold := ownAllocate(t, c, "AVG", alloc.Java493.Name(), c.clients)
	pop := "#Consumer Pop Detail#\n" + pad("#Topic", 32) + "  " + pad("#Broker Name", 32) + "  " + pad("#QID", 4) + "  #ProcessQueueInfo\n" +
		pad(c.topic, 32) + "  " + pad("broker-a", 32) + "  " + pad("0", 4) + "  PopProcessQueueInfo [waitAckCount:0, droped:false]\n" +
		pad(c.topic, 32) + "  " + pad("broker-b", 32) + "  " + pad("-1", 4) + "  PopProcessQueueInfo [waitAckCount:0, droped:false]\n\n\n"
	in := statusInput(c, hold, func(cid string) string {
		text := statusText(cid, classOf["AVG"], c.topic, hold[cid], nil)
		if cid == c.clients[0] {
			text = strings.Replace(text, "#Consumer RT&TPS#", pop+"#Consumer RT&TPS#", 1)
		}
		return text
	})
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err)
	f := finding(rep, doctor.CodeServerSideRebalance)
	require.NotNil(t, f, rep.Text())
	assert.Equal(t, []string{c.clients[0]}, f.Clients)
	assert.Contains(t, f.Message, c.clients[0]+" pops "+c.topic+" broker-a/0 broker-b/* (every queue of broker-b)", "the queues the broker gave it, queue -1 = every queue")

	in = statusInput(c, hold, func(cid string) string { return statusText(cid, classOf["AVG"], c.topic, hold[cid], nil) })
	in.Connection = strings.Replace(in.Connection, "CONSUME_PASSIVELY", "CONSUME_POP", 1)
	rep, err = doctor.Diagnose(in)
	require.NoError(t, err)
	f = finding(rep, doctor.CodeServerSideRebalance)
	require.NotNil(t, f, rep.Text())
	assert.Equal(t, c.clients, f.Clients)
}
