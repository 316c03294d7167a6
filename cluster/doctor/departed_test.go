package doctor_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// A member that froze (kill -STOP) and was dropped by the broker
// consumerConnection asked, while the others still allocate over a list
// with it (issue 34, What-3): each member holds its share over four
// members, so the share of 10.0.0.4@4 is held by nobody. consumerStatus
// (asking another broker) named it with CODE 207. The cause is the
// member list that still has 10.0.0.4@4, said before any route.
func TestDepartedMemberInOthersLists(t *testing.T) {
	const frozen = "10.0.0.4@4"
	code207 := "org.apache.rocketmq.client.exception.MQClientException: CODE: 207  DESC: consumer <G> <" + frozen + "> Timeout: org.apache.rocketmq.remoting.exception.RemotingTimeoutException: wait response on the channel <10.0.0.4:40000> timeout, 10000(ms)\n"
	for _, tt := range []struct {
		name      string
		statusErr string
		perBroker int
		wantNamed bool
	}{
		// 2 brokers × 4 queues: over four members each takes 2, which
		// also reads as "2 readable queues a broker" — a route view; the
		// member named by the failure comes first
		{name: "named by CODE 207", statusErr: code207, perBroker: 4, wantNamed: true},
		{name: "named by CODE 207, 8 a broker", statusErr: code207, perBroker: 8, wantNamed: true},
		// nothing names it: no member-list cause can be claimed
		{name: "not named", perBroker: 8},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := small()
			c.perBroker = tt.perBroker
			withFrozen := append(slices.Clone(c.clients), frozen)
			hold := ownAllocate(t, c, "AVG", alloc.Java493.Name(), withFrozen)
			delete(hold, frozen)
			in := statusInput(c, hold, func(cid string) string { return statusText(cid, "", c.topic, hold[cid], nil) })
			in.StatusErr = tt.statusErr
			rep, err := doctor.Diagnose(in)
			require.NoError(t, err)
			var named []doctor.Finding
			for _, f := range rep.Findings {
				if f.Code == doctor.CodeViewDiffers {
					named = append(named, f)
				}
			}
			if !tt.wantNamed {
				for _, f := range named {
					assert.NotContains(t, f.Message, frozen)
				}
				return
			}
			require.NotEmpty(t, named, rep.Text())
			for _, f := range named {
				assert.Contains(t, f.Message, "as if "+frozen+" were in the group")
			}
			assert.Nil(t, finding(rep, doctor.CodeRouteViewDiffers), rep.Text())
			for _, q := range rep.Topics[0].Queues {
				if q.Status != doctor.StatusOK {
					assert.NotContains(t, q.Cause, "route is out of date", "%s/%d", q.BrokerName, q.QueueID)
				}
			}
		})
	}
}
