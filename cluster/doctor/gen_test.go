package doctor_test

import (
	"strconv"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// cluster generates the texts mqadmin would print for a group: brokers ×
// perBroker readable queues of topic, clients (Java 4.9.3 unless langs
// says otherwise) and owners per queue (nil: N/A).
type cluster struct {
	topic     string
	brokers   []string
	perBroker int
	clients   []string // client IDs as the broker lists them (duplicates kept)
	langs     []string // per client: "JAVA" (default) or "GO"
	versions  []string // per client: "V4_9_3" (default)
	model     string   // MessageModel; "" = CLUSTERING
}

func (c *cluster) queues() []alloc.MessageQueue {
	var qs []alloc.MessageQueue
	for _, b := range c.brokers {
		for i := 0; i < c.perBroker; i++ {
			qs = append(qs, alloc.MessageQueue{Topic: c.topic, BrokerName: b, QueueID: int32(i)})
		}
	}
	return qs
}

func (c *cluster) routeText() string {
	var b strings.Builder
	b.WriteString("RocketMQLog:WARN No appenders could be found for logger (io.netty.util.internal.PlatformDependent0).\n{\n\t\"brokerDatas\":[")
	for i, br := range c.brokers {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n\t\t{\n\t\t\t\"brokerAddrs\":{0:\"192.168.0." + strconv.Itoa(i) + ":10911\"\n\t\t\t},\n\t\t\t\"brokerName\":\"" + br + "\",\n\t\t\t\"cluster\":\"DefaultCluster\"\n\t\t}")
	}
	b.WriteString("\n\t],\n\t\"filterServerTable\":{},\n\t\"queueDatas\":[")
	n := strconv.Itoa(c.perBroker)
	for i, br := range c.brokers {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n\t\t{\n\t\t\t\"brokerName\":\"" + br + "\",\n\t\t\t\"perm\":6,\n\t\t\t\"readQueueNums\":" + n + ",\n\t\t\t\"topicSysFlag\":0,\n\t\t\t\"writeQueueNums\":" + n + "\n\t\t}")
	}
	b.WriteString("\n\t]\n}\n")
	return b.String()
}

func pad(s string, n int) string {
	if len(s) >= n {
		return s
	}
	return s + strings.Repeat(" ", n-len(s))
}

func (c *cluster) connectionText() string {
	var b strings.Builder
	b.WriteString(pad("#ClientId", 36) + " " + pad("#ClientAddr", 22) + " " + pad("#Language", 10) + " #Version\n")
	for i, cid := range c.clients {
		lang, ver := "JAVA", "V4_9_3"
		if i < len(c.langs) && c.langs[i] != "" {
			lang = c.langs[i]
		}
		if i < len(c.versions) && c.versions[i] != "" {
			ver = c.versions[i]
		}
		ip, _, _ := strings.Cut(cid, "@")
		b.WriteString(pad(cid, 36) + " " + pad(ip+":"+strconv.Itoa(30000+i), 22) + " " + pad(lang, 10) + " " + ver + "\n")
	}
	b.WriteString("\nBelow is subscription:\n" + pad("#Topic", 20) + " #SubExpression\n" + pad(c.topic, 20) + " *\n\n")
	model := c.model
	if model == "" {
		model = "CLUSTERING"
	}
	b.WriteString("ConsumeType: CONSUME_PASSIVELY\nMessageModel: " + model + "\nConsumeFromWhere: CONSUME_FROM_LAST_OFFSET\n")
	return b.String()
}

// progressText prints consumerProgress -s true (4.9.3 layout) with owner
// IPs from owners (queue -> client ID; missing: N/A).
func (c *cluster) progressText(owners map[alloc.MessageQueue]string) string {
	var b strings.Builder
	b.WriteString(pad("#Topic", 64) + "  " + pad("#Broker Name", 32) + "  " + pad("#QID", 4) + "  " + pad("#Broker Offset", 20) + "  " + pad("#Consumer Offset", 20) + "  " + pad("#Client IP", 20) + " " + pad("#Diff", 20) + "  #LastTime\n")
	qs := c.queues()
	alloc.SortQueues(qs)
	var total int64
	for i, q := range qs {
		ip := "N/A"
		if cid, ok := owners[q]; ok {
			ip, _, _ = strings.Cut(cid, "@")
		}
		diff := int64(i%977) * 3
		total += diff
		topic := q.Topic
		if len(topic) > 64 {
			topic = topic[:64]
		}
		b.WriteString(pad(topic, 64) + "  " + pad(q.BrokerName, 32) + "  " + pad(strconv.Itoa(int(q.QueueID)), 4) + "  " + pad(strconv.FormatInt(100000+diff, 10), 20) + "  " + pad("100000", 20) + "  " + pad(ip, 20) + " " + pad(strconv.FormatInt(diff, 10), 20) + "  2026-11-30 10:00:00\n")
	}
	b.WriteString("\nConsume TPS: 0.00\nDiff Total: " + strconv.FormatInt(total, 10) + "\n")
	return b.String()
}

// progressFooter is the footer of rows (progressText's lines): the sum of
// their #Diff, as the tool adds it up.
func progressFooter(rows string) string {
	var total int64
	for _, l := range strings.Split(rows, "\n") {
		if f := strings.Fields(l); len(f) >= 8 && f[0] != "#Topic" {
			n, _ := strconv.ParseInt(f[6], 10, 64)
			total += n
		}
	}
	return "\n\nConsume TPS: 0.00\nDiff Total: " + strconv.FormatInt(total, 10) + "\n"
}

// statusText prints one client's consumerStatus file holding qs.
func statusText(cid, strategyClass string, topic string, qs []alloc.MessageQueue, dropped map[alloc.MessageQueue]bool, props ...string) string {
	ip, inst, _ := strings.Cut(cid, "@")
	qs = append([]alloc.MessageQueue(nil), qs...)
	alloc.SortQueues(qs) // the tool prints its queue table sorted
	var b strings.Builder
	b.WriteString("#Consumer Properties#\n")
	b.WriteString(pad("clientIP", 40) + ": " + ip + "\n" + pad("instanceName", 40) + ": " + inst + "\n")
	for i := 0; i+1 < len(props); i += 2 {
		b.WriteString(pad(props[i], 40) + ": " + props[i+1] + "\n")
	}
	if strategyClass != "" {
		b.WriteString(pad("allocateMessageQueueStrategy", 40) + ": org.apache.rocketmq.client.consumer.rebalance." + strategyClass + "@1b2c3d\n")
	}
	b.WriteString(pad("messageModel", 40) + ": CLUSTERING\n\n\n#Consumer Subscription#\n")
	b.WriteString("001 Topic: " + pad(topic, 40) + " ClassFilter: false    SubExpression: *\n\n\n#Consumer Offset#\n")
	b.WriteString(pad("#Topic", 64) + "  " + pad("#Broker Name", 32) + "  " + pad("#QID", 4) + "  #Consumer Offset\n")
	for _, q := range qs {
		b.WriteString(pad(q.Topic, 32) + "  " + pad(q.BrokerName, 32) + "  " + pad(strconv.Itoa(int(q.QueueID)), 4) + "  100\n")
	}
	b.WriteString("\n\n#Consumer MQ Detail#\n" + pad("#Topic", 64) + "  " + pad("#Broker Name", 32) + "  " + pad("#QID", 4) + "  #ProcessQueueInfo\n")
	for _, q := range qs {
		b.WriteString(pad(q.Topic, 64) + "  " + pad(q.BrokerName, 32) + "  " + pad(strconv.Itoa(int(q.QueueID)), 4) + "  ProcessQueueInfo [commitOffset=100, locked=false, droped=" + strconv.FormatBool(dropped[q]) + "]\n")
	}
	b.WriteString("\n\n#Consumer RT&TPS#\n")
	return b.String()
}
