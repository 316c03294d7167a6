package doctor_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// small is a group of three Java clients over 2 brokers × 4 queues.
func small() *cluster {
	return &cluster{topic: "orders", brokers: []string{"broker-a", "broker-b"}, perBroker: 4,
		clients: []string{"10.0.0.1@1", "10.0.0.2@2", "10.0.0.3@3"}}
}

func finding(r *doctor.Report, code doctor.Code) *doctor.Finding {
	for i := range r.Findings {
		if r.Findings[i].Code == code {
			return &r.Findings[i]
		}
	}
	return nil
}

func queueStatus(r *doctor.Report, broker string, id int32) *doctor.QueueReport {
	for i := range r.Topics[0].Queues {
		q := &r.Topics[0].Queues[i]
		if q.BrokerName == broker && q.QueueID == id {
			return q
		}
	}
	return nil
}

func statusInput(c *cluster, hold map[string][]alloc.MessageQueue, texts func(cid string) string) doctor.Input {
	in := doctor.Input{Routes: []doctor.RouteText{{Topic: c.topic, Text: c.routeText()}}, Connection: c.connectionText()}
	owner := map[alloc.MessageQueue]string{}
	for _, cid := range c.clients {
		for _, q := range hold[cid] {
			owner[q] = cid
		}
		in.Status = append(in.Status, doctor.StatusText{Name: cid, Text: texts(cid)})
	}
	in.Progress = c.progressText(owner)
	return in
}

// consumerProgress and the route disagree on which brokers hold the
// topic: a broker the route lacks (queues nobody should consume) and one
// with no line yet (no offset committed there). A broker listing another
// queue count than the route gives it is no route change but a
// contradiction (each broker lists queues 0..readQueueNums-1): refused.
func TestFindingRouteMismatch(t *testing.T) {
	c := small()
	hold := ownAllocate(t, c, "AVG", alloc.Java493.Name(), c.clients)
	owner := map[alloc.MessageQueue]string{}
	for cid, qs := range hold {
		for _, q := range qs {
			owner[q] = cid
		}
	}
	// progress with broker-c too, which the route does not have
	wider := *c
	wider.brokers = []string{"broker-a", "broker-b", "broker-c"}
	owner[alloc.MessageQueue{Topic: c.topic, BrokerName: "broker-c", QueueID: 0}] = c.clients[0]
	in := doctor.Input{Routes: []doctor.RouteText{{Text: c.routeText()}}, Connection: c.connectionText(), Progress: wider.progressText(owner)}
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err)
	f := finding(rep, doctor.CodeQueueNotInRoute)
	require.NotNil(t, f, rep.Text())
	assert.Len(t, f.Queues, 4)
	assert.Equal(t, doctor.StatusUnexpectedOwner, queueStatus(rep, "broker-c", 0).Status)

	// progress of broker-a only: broker-b's queues have no offset yet
	narrow := *c
	narrow.brokers = []string{"broker-a"}
	in.Progress = narrow.progressText(owner)
	rep, err = doctor.Diagnose(in)
	require.NoError(t, err)
	f = finding(rep, doctor.CodeRouteQueueWithoutOffset)
	require.NotNil(t, f, rep.Text())
	assert.Len(t, f.Queues, 4)

	// progress of 5 queues a broker against a route of 4
	five := *c
	five.perBroker = 5
	in.Progress = five.progressText(owner)
	_, err = doctor.Diagnose(in)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "lists 5 queues of orders on broker-a, but route gives broker-a readQueueNums 4")
}

// A member that does not subscribe leaves its share to nobody.
func TestFindingSubscriptionMismatch(t *testing.T) {
	c := small()
	hold := ownAllocate(t, c, "AVG", alloc.Java493.Name(), c.clients)
	lost := hold[c.clients[2]]
	hold[c.clients[2]] = nil
	rep, err := doctor.Diagnose(statusInput(c, hold, func(cid string) string {
		topic := c.topic
		if cid == c.clients[2] {
			topic = "other"
		}
		return statusText(cid, classOf["AVG"], topic, hold[cid], nil)
	}))
	require.NoError(t, err)
	require.NotNil(t, finding(rep, doctor.CodeSubscriptionMismatch), rep.Text())
	f := finding(rep, doctor.CodeOrphaned)
	require.NotNil(t, f, rep.Text())
	assert.Len(t, f.Queues, len(lost))
	assert.Contains(t, f.Message, "do not subscribe")
	assert.False(t, rep.OK)
}

// droped=true on a moved queue: a rebalance in progress, run it again.
func TestFindingRebalanceInProgress(t *testing.T) {
	c := small()
	hold := ownAllocate(t, c, "AVG", alloc.Java493.Name(), c.clients)
	q := hold[c.clients[0]][0]
	hold[c.clients[1]] = append(hold[c.clients[1]], q)
	rep, err := doctor.Diagnose(statusInput(c, hold, func(cid string) string {
		var dropped map[alloc.MessageQueue]bool
		if cid == c.clients[1] {
			dropped = map[alloc.MessageQueue]bool{q: true}
		}
		return statusText(cid, classOf["AVG"], c.topic, hold[cid], dropped, "clientRebalance", "false")
	}))
	require.NoError(t, err)
	require.NotNil(t, finding(rep, doctor.CodeRebalanceInProgress), rep.Text())
	require.NotNil(t, finding(rep, doctor.CodeServerSideRebalance), rep.Text())
	qr := queueStatus(rep, q.BrokerName, q.QueueID)
	assert.Equal(t, doctor.StatusDoubleOwned, qr.Status)
	assert.Contains(t, qr.Cause, "run it again in 20 s")
}

// BROADCASTING: every member holds every queue, and that is ok.
func TestFindingBroadcasting(t *testing.T) {
	c := small()
	c.model = "BROADCASTING"
	hold := map[string][]alloc.MessageQueue{}
	for _, cid := range c.clients {
		hold[cid] = c.queues()
	}
	rep, err := doctor.Diagnose(statusInput(c, hold, func(cid string) string {
		return statusText(cid, classOf["AVG"], c.topic, hold[cid], nil)
	}))
	require.NoError(t, err)
	require.NotNil(t, finding(rep, doctor.CodeBroadcasting))
	assert.Equal(t, map[string]int{"ok": 8}, statuses(rep, c.topic), rep.Text())
	assert.True(t, rep.OK, rep.Text())
	assert.Empty(t, rep.Topics[0].BestFit)
	assert.Contains(t, rep.Verdict, "BROADCASTING", "the verdict in the group's own terms")
	assert.NotContains(t, rep.Verdict, "strategies", rep.Verdict)

	// One member's status missing (it did not answer): its queues are
	// unknown; what was read is judged, still in BROADCASTING terms.
	in := statusInput(c, hold, func(cid string) string {
		return statusText(cid, classOf["AVG"], c.topic, hold[cid], nil)
	})
	in.Status = in.Status[1:]
	rep, err = doctor.Diagnose(in)
	require.NoError(t, err)
	assert.Contains(t, rep.Verdict, "BROADCASTING", rep.Text())
	assert.Contains(t, rep.Verdict, c.clients[0]+" could not be read", rep.Verdict)
	assert.NotContains(t, rep.Verdict, "strategies", rep.Verdict)
	assert.Equal(t, map[string]int{"ok": 8}, statuses(rep, c.topic), "the others hold every queue: not wrong for the one not read: %s", rep.Text())
	if f := finding(rep, doctor.CodeStatusIncomplete); assert.NotNil(t, f, rep.Text()) {
		assert.Equal(t, []string{c.clients[0]}, f.Clients)
	}
}

// A member whose view lacks a newer member: the cause names it.
func TestCauseStaleView(t *testing.T) {
	c := small()
	hold := ownAllocate(t, c, "AVG", alloc.Java493.Name(), c.clients)
	stale := ownAllocate(t, c, "AVG", alloc.Java493.Name(), c.clients[:2])
	hold[c.clients[0]] = stale[c.clients[0]] // 10.0.0.1 still sees [1 2]
	rep, err := doctor.Diagnose(statusInput(c, hold, func(cid string) string {
		return statusText(cid, classOf["AVG"], c.topic, hold[cid], nil)
	}))
	require.NoError(t, err)
	var causes []string
	for _, q := range rep.Topics[0].Queues {
		if q.Status != doctor.StatusOK {
			causes = append(causes, q.Cause)
		}
	}
	require.NotEmpty(t, causes, rep.Text())
	assert.True(t, slices.ContainsFunc(causes, func(s string) bool {
		return strings.Contains(s, "10.0.0.1@1 still allocates as if ") && strings.Contains(s, "10.0.0.3@3") && strings.Contains(s, "were not in the group")
	}), "%q", causes)
	require.NotNil(t, finding(rep, doctor.CodeViewDiffers), rep.Text())
}

// A member that asked a broker with stale channels (one client listed
// twice, as a broker that paused lists it for ~2 minutes after it
// resumes): Java counts both entries, and the cause says so. 10.0.0.2@2
// over [1 2 2 3] holds queues 2-3 (of 8) where [1 2 3] gives it 3-5; 2
// listed twice or 3 listed twice give the same list position.
func TestCauseStaleChannelView(t *testing.T) {
	c := small()
	hold := ownAllocate(t, c, "AVG", alloc.Java493.Name(), c.clients)
	seen := []string{c.clients[0], c.clients[1], c.clients[1], c.clients[2]}
	hold[c.clients[1]] = ownAllocate(t, c, "AVG", alloc.Java493.Name(), seen)[c.clients[1]]
	require.Len(t, hold[c.clients[1]], 2, "a quarter of 8 queues")
	rep, err := doctor.Diagnose(statusInput(c, hold, func(cid string) string {
		return statusText(cid, classOf["AVG"], c.topic, hold[cid], nil)
	}))
	require.NoError(t, err)
	f := finding(rep, doctor.CodeViewDiffers)
	require.NotNil(t, f, rep.Text())
	assert.Equal(t, []string{c.clients[1]}, f.Clients)
	assert.Contains(t, f.Message, "10.0.0.2@2 still allocates as if 10.0.0.2@2 or 10.0.0.3@3 were listed twice", f.Message)
	assert.Contains(t, f.Message, "stale channels", f.Message)
	assert.Equal(t, doctor.StatusUnowned, queueStatus(rep, "broker-b", 1).Status, "queue 5 (broker-b/1): no one's now: %s", rep.Text())
}

// A member that runs another strategy than its status says (or than
// assumed): the cause names the strategy that gives its queues.
func TestCauseOtherStrategy(t *testing.T) {
	c := small()
	c.perBroker = 8
	hold := ownAllocate(t, c, "AVG", alloc.Java493.Name(), c.clients)
	circle := ownAllocate(t, c, "AVG_BY_CIRCLE", alloc.Java493.Name(), c.clients)
	// 10.0.0.2 runs AVG_BY_CIRCLE: it holds its circle share, the others
	// their AVG shares minus those queues
	for _, cid := range c.clients {
		hold[cid] = slices.DeleteFunc(hold[cid], func(q alloc.MessageQueue) bool { return slices.Contains(circle[c.clients[1]], q) })
	}
	hold[c.clients[1]] = circle[c.clients[1]]
	in := statusInput(c, hold, func(cid string) string { return "" })
	in.Status = nil // IP mode, strategy assumed AVG
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err)
	found := false
	for _, q := range rep.Topics[0].Queues {
		found = found || strings.Contains(q.Cause, "10.0.0.2's queues are exactly what AVG_BY_CIRCLE on java-4.9.3 gives it")
	}
	assert.True(t, found, rep.Text())
	f := finding(rep, doctor.CodeMixedStrategies)
	require.NotNil(t, f, rep.Text())
	assert.Equal(t, doctor.LevelError, f.Level)
	assert.Equal(t, []string{"10.0.0.2"}, f.Clients)
}

// CPP clients are simulated as Java and reported.
func TestFindingUnknownLanguage(t *testing.T) {
	c := small()
	c.langs = []string{"JAVA", "CPP", "JAVA"}
	hold := ownAllocate(t, c, "AVG", alloc.Java493.Name(), c.clients)
	rep, err := doctor.Diagnose(c.input(hold, nil, false, ""))
	require.NoError(t, err)
	require.NotNil(t, finding(rep, doctor.CodeUnknownLanguage))
	require.NotNil(t, finding(rep, doctor.CodeMixedLanguages))
	assert.Equal(t, map[string]int{"ok": 8}, statuses(rep, c.topic))
}

// Names cut by consumerProgress (topic to 64, broker to 32 characters) are
// matched to the route's by prefix.
func TestCutNames(t *testing.T) {
	c := small()
	c.topic = "orders_" + strings.Repeat("x", 70)
	c.brokers = []string{"broker-" + strings.Repeat("a", 40), "broker-" + strings.Repeat("b", 40)}
	hold := ownAllocate(t, c, "AVG", alloc.Java493.Name(), c.clients)
	in := c.input(hold, nil, false, "")
	in.Routes[0].Topic = ""
	long := *c
	long.brokers = []string{c.brokers[0][:32], c.brokers[1][:32]}
	owner := map[alloc.MessageQueue]string{}
	for cid, qs := range hold {
		for _, q := range qs {
			q.BrokerName = q.BrokerName[:32]
			owner[q] = cid
		}
	}
	in.Progress = long.progressText(owner)
	require.Contains(t, in.Progress, c.topic[:64]+"  ")
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err)
	assert.Equal(t, c.topic, rep.Topics[0].Topic)
	assert.Equal(t, map[string]int{"ok": 8}, statuses(rep, c.topic), rep.Text())
	assert.True(t, rep.OK)
}

// The ten most lagging queues, largest first.
func TestTopLag(t *testing.T) {
	c := small()
	c.perBroker = 16
	hold := ownAllocate(t, c, "AVG", alloc.Java493.Name(), c.clients)
	rep, err := doctor.Diagnose(c.input(hold, nil, false, ""))
	require.NoError(t, err)
	top := rep.Topics[0].TopLag
	require.Len(t, top, 10)
	for i := 1; i < len(top); i++ {
		assert.GreaterOrEqual(t, top[i-1].Diff, top[i].Diff)
	}
	var sum int64
	for _, v := range rep.Topics[0].LagByConsumer {
		sum += v
	}
	assert.Equal(t, int64(3*(31*32/2)), sum) // progressText's diffs: 3*i for i < 32
	assert.Equal(t, int64(93), top[0].Diff)
}

// An offline group: no client in the connection list.
func TestFindingGroupOffline(t *testing.T) {
	c := small()
	c.clients = nil
	rep, err := doctor.Diagnose(c.input(nil, nil, false, ""))
	require.NoError(t, err)
	require.NotNil(t, finding(rep, doctor.CodeGroupOffline))
	assert.False(t, rep.OK)
	assert.Equal(t, map[string]int{"unassigned": 8}, statuses(rep, c.topic))
}

// A status text without a name or the properties that make the client ID.
func TestStatusWithoutClient(t *testing.T) {
	c := small()
	hold := ownAllocate(t, c, "AVG", alloc.Java493.Name(), c.clients)
	in := c.input(hold, classOf, true, "")
	in.Status[1].Name = ""
	in.Status[1].Text = strings.Replace(in.Status[1].Text, "instanceName", "somethingElse", 1)
	ie := inputError(t, in)
	assert.Equal(t, "status[1]", ie.Source)
}

// Two members hold each other's queue and nothing in the outputs says
// why: the cause says so and what to do next, asking for consumerStatus
// only when it was not pasted.
func TestCauseNoneShown(t *testing.T) {
	for _, withStatus := range []bool{false, true} {
		c := small()
		hold := ownAllocate(t, c, "AVG", alloc.Java493.Name(), c.clients)
		a, b := c.clients[0], c.clients[1]
		hold[a][0], hold[b][0] = hold[b][0], hold[a][0]
		in := statusInput(c, hold, func(cid string) string {
			return statusText(cid, classOf["AVG"], c.topic, hold[cid], nil)
		})
		if !withStatus {
			in.Status = nil // IP mode
		}
		rep, err := doctor.Diagnose(in)
		require.NoError(t, err)
		wrong := 0
		for _, q := range rep.Topics[0].Queues {
			if q.Status == doctor.StatusOK {
				assert.Empty(t, q.Cause)
				continue
			}
			wrong++
			assert.Equal(t, doctor.StatusWrongOwner, q.Status)
			assert.Contains(t, q.Cause, "no cause shows in these outputs: run it again in 20 s")
			assert.Equal(t, !withStatus, strings.Contains(q.Cause, "paste consumerStatus"), q.Cause)
		}
		assert.Equal(t, 2, wrong, rep.Text())
	}
}
