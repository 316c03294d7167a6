package broker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
)

func TestResolveMode(t *testing.T) {
	pop3 := BrokerConfig{DefaultMessageRequestMode: Pop, DefaultPopShareQueueNum: 3, ServerLoadBalancerEnable: true}
	for _, tc := range []struct {
		name       string
		topic      string
		configured *ModeSetting
		broker     BrokerConfig
		want       ModeSetting
	}{
		{"defaults: PULL", "orders", nil, DefaultBrokerConfig(), ModeSetting{Pull, 0}},
		{"broker default POP brings its share count", "orders", nil, pop3, ModeSetting{Pop, 3}},
		{"a retry topic is PULL whatever the default", "%RETRY%g1", nil, pop3, ModeSetting{Pull, 0}},
		{"setConsumeMode wins over the default", "orders", &ModeSetting{Pull, 2}, pop3, ModeSetting{Pull, 2}},
		{"setConsumeMode wins on a retry topic too", "%RETRY%g1", &ModeSetting{Pop, 1}, DefaultBrokerConfig(), ModeSetting{Pop, 1}},
		{"only the prefix makes a retry topic", "x%RETRY%", nil, pop3, ModeSetting{Pop, 3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, ResolveMode(tc.topic, tc.configured, tc.broker))
		})
	}
}

// TestQueryAssignmentRules has one worked example per rule of the
// broker's answer, in the order the broker applies them.
func TestQueryAssignmentRules(t *testing.T) {
	six := testkit.Parse("broker-a/0 broker-a/1 broker-a/2 broker-a/3 broker-b/0 broker-b/1")
	shuffled := testkit.Parse("broker-b/1 broker-a/2 broker-a/0 broker-b/0 broker-a/3 broker-a/1 broker-a/0")
	broadcast := pullReq(shuffled, "c1")
	broadcast.MessageModel = Broadcasting
	lbOff := pullReq(shuffled)
	lbOff.CidAll = nil
	lbOff.Broker.ServerLoadBalancerEnable = false
	withStrategy := func(name string) Request {
		r := pullReq(six, "c1", "c2")
		r.StrategyName = name
		return r
	}
	for _, tc := range []struct {
		name   string
		req    Request
		client string
		want   string
		mode   Mode
	}{
		{"BROADCASTING: the whole set, deduplicated and sorted", broadcast, "anyone", "[broker-a/0 broker-a/1 broker-a/2 broker-a/3 broker-b/0 broker-b/1]", Pull},
		{"BROADCASTING without a route: null", func() Request { r := broadcast; r.MqAll = nil; return r }(), "c1", "null", Pull},
		{"no route: null", pullReq(nil, "c1"), "c1", "null", Pull},
		{"no route in POP still answers POP", popReq(1, nil, "c1"), "c1", "null", Pop},
		{"serverLoadBalancerEnable=false: the whole set, even for an unknown group", lbOff, "c9", "[broker-a/0 broker-a/1 broker-a/2 broker-a/3 broker-b/0 broker-b/1]", Pull},
		{"unknown group: null", pullReq(six), "c1", "null", Pull},
		{"an empty group is known: AVG throws, so null", pullReq(six, []string{}...), "c1", "null", Pull},
		{"AVG_BY_CIRCLE is looked up by name", withStrategy("AVG_BY_CIRCLE"), "c2", "[broker-a/1 broker-a/3 broker-b/1]", Pull},
		{"CONSISTENT_HASH is not the broker's: null", withStrategy("CONSISTENT_HASH"), "c1", "null", Pull},
		{"MACHINE_ROOM is not the broker's: null", withStrategy("MACHINE_ROOM"), "c1", "null", Pull},
		{"no strategy name: null", withStrategy(""), "c1", "null", Pull},
		{"names are case-sensitive: null", withStrategy("avg"), "c1", "null", Pull},
		{"PULL: AVG over sorted IDs (c1 before c2)", pullReq(shuffled, "c2", "c1"), "c1", "[broker-a/0 broker-a/1 broker-a/2]", Pull},
		{"PULL: the second block", pullReq(shuffled, "c2", "c1"), "c2", "[broker-a/3 broker-b/0 broker-b/1]", Pull},
		{"PULL: not a member gets an empty set", pullReq(six, "c1"), "c9", "[]", Pull},
		{"PULL: an empty ID is AVG's IllegalArgumentException: null", pullReq(six, "c1"), "", "null", Pull},
		{"PULL: a blank ID is fine for AVG", pullReq(six, " ", "c1"), " ", "[broker-a/0 broker-a/1 broker-a/2]", Pull},
		{"duplicate IDs: the second copy's block is nobody's", pullReq(six, "c1", "c1", "c2"), "c2", "[broker-b/0 broker-b/1]", Pull},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := QueryAssignment(tc.req, tc.client)
			assert.Equal(t, tc.want, testkit.Show(a.Queues), a.Reason)
			assert.Equal(t, tc.mode, a.Mode)
			assert.NotEmpty(t, a.Reason)
		})
	}
}

// TestPopRules: one worked example per POP rule. Queues a/0..a/3 b/0 b/1,
// AVG: clients [c0 c1 c2] get [a/0 a/1] [a/2 a/3] [b/0 b/1].
func TestPopRules(t *testing.T) {
	six := testkit.Parse("broker-a/0 broker-a/1 broker-a/2 broker-a/3 broker-b/0 broker-b/1")
	two := testkit.Parse("broker-a/0 broker-b/0")
	for _, tc := range []struct {
		name   string
		req    Request
		client string
		want   string
	}{
		{"share 0: every broker's -1 queue", popReq(0, six, "c0", "c1", "c2"), "c0", "[broker-a/-1 broker-b/-1]"},
		{"share -1: the same", popReq(-1, six, "c0", "c1", "c2"), "c1", "[broker-a/-1 broker-b/-1]"},
		{"share >= clients-1 (2 >= 3-1): the same", popReq(2, six, "c0", "c1", "c2"), "c2", "[broker-a/-1 broker-b/-1]"},
		{"share >= clients-1 holds for a non-member too", popReq(2, six, "c0", "c1", "c2"), "c9", "[broker-a/-1 broker-b/-1]"},
		{"share >= clients-1 even for an empty ID", popReq(5, six, "c0"), "", "[broker-a/-1 broker-b/-1]"},
		{"share 1 of 4: own block plus the next client's", popReq(1, six, "c0", "c1", "c2", "c3"), "c1", "[broker-a/2 broker-a/3 broker-b/0]"},
		{"share 1 of 4 wraps from the last to the first", popReq(1, six, "c0", "c1", "c2", "c3"), "c3", "[broker-a/0 broker-a/1 broker-b/1]"},
		{"share 2 of 4 (2 < 4-1): two more blocks", popReq(2, six, "c0", "c1", "c2", "c3"), "c2", "[broker-a/0 broker-a/1 broker-b/0 broker-b/1]"},
		{"share: a non-member gets an empty set", popReq(1, six, "c0", "c1", "c2", "c3"), "c9", "[]"},
		{"share: an empty ID is AVG's IllegalArgumentException: null", popReq(1, six, "c0", "c1", "c2", "c3"), "", "null"},
		{"share: a blank member in the window makes AVG throw: null", popReq(1, six, "", "c0", "c1", "c2"), "c2", "null"},
		{"more clients than queues: queue index % queues", popReq(1, two, "c0", "c1", "c2", "c3"), "c2", "[broker-a/0]"},
		{"more clients than queues: the second queue", popReq(1, two, "c0", "c1", "c2", "c3"), "c3", "[broker-b/0]"},
		{"more clients than queues: a blank ID is rejected: null", popReq(1, two, " ", "c0", "c1", "c2"), " ", "null"},
		{"more clients than queues: a non-member gets an empty set", popReq(1, two, "c0", "c1", "c2", "c3"), "c9", "[]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := QueryAssignment(tc.req, tc.client)
			assert.Equal(t, tc.want, testkit.Show(a.Queues), a.Reason)
			assert.Equal(t, Pop, a.Mode)
		})
	}
}

func TestAnswerCarriesTheException(t *testing.T) {
	a := QueryAssignment(popReq(1, testkit.Parse("broker-a/0 broker-b/0"), " ", "c0", "c1", "c2"), " ")
	require.Error(t, a.Err)
	assert.ErrorIs(t, a.Err, alloc.ErrInvalidArgument)
	assert.Equal(t, alloc.IllegalArgumentException, alloc.JavaClassOf(a.Err))
	assert.Contains(t, a.Reason, "IllegalArgumentException")
}

func TestQueryAssignmentsMatchesOneByOne(t *testing.T) {
	req := popReq(1, testkit.Parse("broker-a/0 broker-a/1 broker-a/2 broker-a/3 broker-b/0 broker-b/1"), "c3", "c1", "c0", "c2")
	ids := []string{"c0", "c1", "c2", "c3", "c9", ""}
	all := QueryAssignments(req, ids)
	require.Len(t, all, len(ids))
	for i, id := range ids {
		assert.Equal(t, QueryAssignment(req, id), all[i], id)
	}
}

func TestAnswersDoNotShareMemory(t *testing.T) {
	req := pullReq(testkit.Parse("broker-a/0 broker-a/1"), "c1")
	req.Broker.ServerLoadBalancerEnable = false
	all := QueryAssignments(req, []string{"x", "y"})
	all[0].Queues[0].QueueID = 99
	assert.Equal(t, int32(0), all[1].Queues[0].QueueID)
	assert.Equal(t, int32(0), req.MqAll[0].QueueID, "the request is not modified")
}
