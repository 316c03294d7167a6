package standin

import (
	"strconv"
	"strings"
	"time"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/live"
)

const javaPackage = "org.apache.rocketmq.client.consumer.rebalance."

func (c *Cluster) broker(b *Broker, cmd *live.Command) (int, string, []byte, bool) {
	c.mu.Lock()
	d := c.delay[b.Name]
	c.mu.Unlock()
	if d > 0 {
		time.Sleep(d)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	g := c.groups[cmd.ExtFields["consumerGroup"]]
	switch cmd.Code {
	case 201:
		if f := c.onSubCfg; f != nil {
			defer func() { c.mu.Unlock(); f(); c.mu.Lock() }()
		}
		return 0, "", c.subscriptionGroups(), true
	case 203:
		if g == nil || g.NeverRan || len(g.Members) == 0 {
			return 206, "the consumer group[" + cmd.ExtFields["consumerGroup"] + "] not online", nil, true
		}
		return 0, "", connection(g), true
	case 208:
		if g == nil || g.NeverRan {
			return 0, "", []byte(`{"consumeTps":0.0,"offsetTable":{}}`), true
		}
		return 0, "", c.consumeStats(b, g), true
	case 307:
		if g != nil {
			for _, m := range g.Members {
				if m.ClientID == cmd.ExtFields["clientId"] {
					if m.Silent {
						return 0, "", nil, false
					}
					return 0, "", c.runningInfo(g, m), true
				}
			}
		}
		return 1, "The Consumer <" + cmd.ExtFields["consumerGroup"] + "> <" + cmd.ExtFields["clientId"] + "> not online", nil, true
	}
	return 1, "request code " + strconv.Itoa(cmd.Code) + " not supported", nil, true
}

func (c *Cluster) subscriptionGroups() []byte {
	var s strings.Builder
	s.WriteString(`{"subscriptionGroupTable":{`)
	first := true
	add := func(name string) {
		if !first {
			s.WriteByte(',')
		}
		first = false
		s.WriteString(q(name) + `:{"brokerId":0,"consumeBroadcastEnable":true,"consumeEnable":true,"consumeFromMinEnable":true,"groupName":` + q(name) + `,"notifyConsumerIdsChangedEnable":true,"retryMaxTimes":16,"retryQueueNums":1,"whichBrokerWhenConsumeSlowly":1}`)
	}
	for _, sys := range []string{"TOOLS_CONSUMER", "SELF_TEST_C_GROUP", "CID_RMQ_SYS_TRANS"} {
		add(sys)
	}
	for name := range c.groups {
		add(name)
	}
	s.WriteString(`},"dataVersion":{"counter":1,"timestamp":1}}`)
	return []byte(s.String())
}

func connection(g *Group) []byte {
	var s strings.Builder
	s.WriteString(`{"connectionSet":[`)
	for i, m := range g.Members {
		if i > 0 {
			s.WriteByte(',')
		}
		s.WriteString(`{"clientAddr":"127.0.0.1:` + strconv.Itoa(40000+i) + `","clientId":` + q(m.ClientID) + `,"language":"JAVA","version":399}`)
	}
	s.WriteString(`],"consumeFromWhere":"CONSUME_FROM_LAST_OFFSET","consumeType":"CONSUME_PASSIVELY","messageModel":"CLUSTERING","subscriptionTable":{`)
	s.WriteString(q(g.Topic) + `:` + sub(g.Topic) + `,` + q("%RETRY%"+g.Name) + `:` + sub("%RETRY%"+g.Name) + `}}`)
	return []byte(s.String())
}

func sub(topic string) string {
	return `{"classFilterMode":false,"codeSet":[],"expressionType":"TAG","subString":"*","subVersion":1,"tagsSet":[],"topic":` + q(topic) + `}`
}

func mqKey(m alloc.MessageQueue) string {
	return `{"brokerName":` + q(m.BrokerName) + `,"queueId":` + strconv.Itoa(int(m.QueueID)) + `,"topic":` + q(m.Topic) + `}`
}

// queues is every queue of the group: its topic's and its retry topic's.
func (c *Cluster) queues(g *Group) []alloc.MessageQueue {
	var out []alloc.MessageQueue
	td := c.topics[g.Topic]
	for _, b := range c.Brokers {
		if !td.on(b.Name) {
			continue
		}
		for i := range td.perBroker {
			out = append(out, alloc.MessageQueue{Topic: g.Topic, BrokerName: b.Name, QueueID: int32(i)})
		}
		out = append(out, alloc.MessageQueue{Topic: "%RETRY%" + g.Name, BrokerName: b.Name, QueueID: 0})
	}
	return out
}

func (c *Cluster) consumeStats(b *Broker, g *Group) []byte {
	var s strings.Builder
	s.WriteString(`{"consumeTps":0.0,"offsetTable":{`)
	now := strconv.FormatInt(time.Now().UnixMilli(), 10)
	first := true
	for _, m := range c.queues(g) {
		if m.BrokerName != b.Name {
			continue
		}
		if !first {
			s.WriteByte(',')
		}
		first = false
		lag := g.Lag[m]
		s.WriteString(mqKey(m) + `:{"brokerOffset":` + strconv.FormatInt(1000+lag, 10) + `,"consumerOffset":1000,"lastTimestamp":` + now + `}`)
	}
	s.WriteString(`}}`)
	return []byte(s.String())
}

// held is what member m holds: its Holds, or its strategy's share of each
// topic (the topic's and the retry topic's queues apart, as a client
// rebalances each topic on its own).
func (c *Cluster) held(g *Group, m Member) []alloc.MessageQueue {
	if m.Holds != nil {
		return m.Holds
	}
	strat := alloc.Averagely()
	if m.Strategy == "AllocateMessageQueueAveragelyByCircle" {
		strat = alloc.ByCircle()
	}
	var cids []string
	for _, x := range g.Members {
		cids = append(cids, x.ClientID)
	}
	cids = alloc.SortedClientIDs(cids)
	byTopic := map[string][]alloc.MessageQueue{}
	for _, mq := range c.queues(g) {
		byTopic[mq.Topic] = append(byTopic[mq.Topic], mq)
	}
	var out []alloc.MessageQueue
	for _, qs := range byTopic {
		qs, _ = alloc.SortedQueues(qs)
		p, err := alloc.AllocateAll(strat, g.Name, qs, cids)
		if err == nil {
			out = append(out, p.Of(m.ClientID)...)
		}
	}
	return out
}

func (c *Cluster) runningInfo(g *Group, m Member) []byte {
	strategy := m.Strategy
	if strategy == "" {
		strategy = "AllocateMessageQueueAveragely"
	}
	now := strconv.FormatInt(time.Now().UnixMilli(), 10)
	var s strings.Builder
	s.WriteString(`{"jstack":null,"mqTable":{`)
	for i, mq := range c.held(g, m) {
		if i > 0 {
			s.WriteByte(',')
		}
		s.WriteString(mqKey(mq) + `:{"cachedMsgCount":0,"cachedMsgMaxOffset":0,"cachedMsgMinOffset":0,"cachedMsgSizeInMiB":0,"commitOffset":1000,"droped":false,"lastConsumeTimestamp":` + now + `,"lastLockTimestamp":` + now + `,"lastPullTimestamp":` + now + `,"locked":false,"transactionMsgCount":0,"transactionMsgMaxOffset":0,"transactionMsgMinOffset":0,"tryUnlockTimes":0}`)
	}
	s.WriteString(`},"properties":{"consumerGroup":` + q(g.Name) + `,"messageModel":"CLUSTERING","PROP_CONSUME_TYPE":"CONSUME_PASSIVELY","PROP_CLIENT_VERSION":"V4_9_3","PROP_CONSUMER_START_TIMESTAMP":"1","PROP_CONSUMEORDERLY":"false","PROP_NAMESERVER_ADDR":"127.0.0.1:9876","allocateMessageQueueStrategy":"` + javaPackage + strategy + `@1b2c3d"},`)
	s.WriteString(`"statusTable":{` + q(g.Topic) + `:{"consumeFailedMsgs":0,"consumeFailedTPS":0.0,"consumeOKTPS":0.0,"consumeRT":0.0,"pullRT":0.0,"pullTPS":0.0}},`)
	s.WriteString(`"subscriptionSet":[` + sub(g.Topic) + `,` + sub("%RETRY%"+g.Name) + `]}`)
	return []byte(s.String())
}
