package live

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
)

// A 5.3.3 POP consumer's running info (fastjson: MessageQueue keys), with
// the properties and subscriptions every Java consumer has: two
// POP queues (one of them "every queue of broker-b5"), a retry queue it
// pulls, and one user info entry.
const runningInfoPop5 = `{"jstack":null,"mqPopTable":{{"brokerName":"broker-b5","queueId":-1,"topic":"T"}:{"droped":false,"lastPopTimestamp":1796156135389,"waitAckCount":0},{"brokerName":"broker-a5","queueId":2,"topic":"T"}:{"droped":false,"lastPopTimestamp":1796156135001,"waitAckCount":3}},` +
	`"mqTable":{{"brokerName":"broker-a5","queueId":0,"topic":"%RETRY%G"}:{"cachedMsgCount":0,"commitOffset":0,"droped":false,"locked":true}},` +
	`"properties":{"clientRebalance":"false","PROP_CLIENT_VERSION":"V5_3_3","allocateMessageQueueStrategy":"org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragely@1b2c3d","consumerGroup":"G","messageModel":"CLUSTERING"},"statusTable":{},` +
	`"subscriptionSet":[{"classFilterMode":false,"subString":"*","topic":"%RETRY%G"},{"classFilterMode":false,"subString":"*","topic":"T"}],"userConsumerInfo":{"zeta":"2","alpha":"1"}}`

// The 5.3.3 layout: Pop Detail after MQ Detail (sorted like
// MessageQueue.compareTo, PopProcessQueueInfo.toString), User Consume Info
// after RT&TPS (sorted by key); the 4.9.3 layout has neither.
func TestRenderStatus533Layout(t *testing.T) {
	ri, err := decodeRunningInfo([]byte(runningInfoPop5))
	require.NoError(t, err)
	v5, err := renderStatus(ri, time.UTC, true)
	require.NoError(t, err)
	assert.Contains(t, v5, "\n\n#Consumer Pop Detail#\n"+
		"#Topic                            #Broker Name                      #QID  #ProcessQueueInfo   \n"+
		"T                                 broker-a5                         2     PopProcessQueueInfo [waitAckCount:3, droped:false, lastPopTimestamp:1796156135001]\n"+
		"T                                 broker-b5                         -1    PopProcessQueueInfo [waitAckCount:0, droped:false, lastPopTimestamp:1796156135389]\n"+
		"\n\n#Consumer RT&TPS#\n")
	assert.True(t, strings.HasSuffix(v5, "\n\n#User Consume Info#\n"+
		"alpha                                   : 1\n"+
		"zeta                                    : 2\n"), v5)
	v4, err := renderStatus(ri, time.UTC, false)
	require.NoError(t, err)
	assert.NotContains(t, v4, "Pop Detail")
	assert.NotContains(t, v4, "User Consume Info")

	// The doctor's reader takes the 5.3.3 text: the POP queues and the pulled retry queue.
	in, err := mqadmin.ParseConsumerStatus(v5)
	require.NoError(t, err)
	require.Len(t, in.PopQueues, 2)
	assert.Equal(t, int32(2), in.PopQueues[0].QueueID)
	assert.Equal(t, int32(-1), in.PopQueues[1].QueueID)
	require.Len(t, in.Queues, 1)
	assert.Equal(t, "%RETRY%G", in.Queues[0].Topic)
}
