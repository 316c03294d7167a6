package broker

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/route"
)

// FuzzQueryAssignment: any request and client ID gives an answer without
// panicking; queues are always a sorted set, with -1 only in POP.
func FuzzQueryAssignment(f *testing.F) {
	f.Add("T", "AVG", uint8(0), int32(1), "a/0 a/1 b/0", "c0,c1,c2", "c1", "b/3")
	f.Add("%RETRY%g", "AVG_BY_CIRCLE", uint8(7), int32(-1), "", ",  ,c1", " ", "")
	f.Add("T", "CONSISTENT_HASH", uint8(3), int32(2), "a/0", "", "", "a/-5")
	f.Fuzz(func(t *testing.T, topic, strategy string, flags uint8, share int32, queues, cids, client, broker string) {
		var mq []alloc.MessageQueue
		if flags&1 == 0 {
			mq = []alloc.MessageQueue{}
			for i, f := range strings.Fields(queues + " " + broker) {
				mq = append(mq, alloc.MessageQueue{Topic: topic, BrokerName: f, QueueID: int32(i) * share})
			}
		}
		var cidAll []string
		if flags&2 == 0 {
			cidAll = strings.Split(cids, ",")
		}
		req := Request{Topic: topic, StrategyName: strategy, MqAll: mq, CidAll: cidAll,
			Broker: BrokerConfig{DefaultMessageRequestMode: Mode(flags >> 2 & 1), DefaultPopShareQueueNum: share, ServerLoadBalancerEnable: flags&8 == 0}}
		if flags&16 != 0 {
			req.Configured = &ModeSetting{Mode: Mode(flags >> 5 & 1), PopShareQueueNum: share}
		}
		if flags&64 != 0 {
			req.MessageModel = Broadcasting
		}
		a := QueryAssignment(req, client)
		require.Equal(t, ResolveMode(topic, req.Configured, req.Broker).Mode, a.Mode, "mode")
		for i := 1; i < len(a.Queues); i++ {
			require.NotZero(t, alloc.CompareQueues(a.Queues[i-1], a.Queues[i]), "duplicate %v", a.Queues[i])
		}
		_, err := ProxyAssignment(topic, &route.Route{QueueDatas: []route.QueueData{{BrokerName: broker, ReadQueueNums: share % 4096, Perm: int32(flags)}},
			BrokerDatas: []route.BrokerData{{BrokerName: broker, BrokerAddrs: map[string]string{cids: client}}}}, flags&128 != 0)
		if share%4096 <= 0 {
			require.Error(t, err, "a route without read queues assigned something")
		}
	})
}
