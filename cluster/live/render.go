package live

import (
	"strconv"
	"strings"
	"time"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/javalang"
	"github.com/rmqalloc/rmqalloc/internal/lenientjson"
)

// The texts mqadmin 4.9.3 prints, made from what the cluster answered;
// against a 5.x cluster the status files are in the 5.3.3 tool's layout
// (the Pop Detail and User Consume Info sections).

// renderRoute is `mqadmin topicRoute -t T`: the NameServer's
// TopicRouteData, pretty printed (the tool parses it into the same class
// and prints it again; fastjson orders bean fields by name both times).
func renderRoute(body []byte) (string, error) {
	s, err := prettyFastjson(string(body))
	if err != nil {
		return "", &BodyError{Body: "TopicRouteData", Msg: err.Error()}
	}
	return s + "\n", nil
}

// renderConnection is `mqadmin consumerConnection -g G`. Connections come
// in the broker's order (the tool's HashSet iterates by identity hash,
// which no one can reproduce); the subscription table in the order of the
// tool's ConcurrentHashMap.
func renderConnection(c *connection) string {
	var b strings.Builder
	line := func(cols ...string) {
		b.WriteString(pad(cols[0], 36) + " " + pad(cols[1], 22) + " " + pad(cols[2], 10) + " " + cols[3] + "\n")
	}
	line("#ClientId", "#ClientAddr", "#Language", "#Version")
	for _, cn := range c.Conns {
		line(cn.ClientID, cn.ClientAddr, cn.Language, versionDesc(cn.Version))
	}
	b.WriteString("\nBelow is subscription:\n")
	b.WriteString(pad("#Topic", 20) + " #SubExpression\n")
	topics := make([]string, len(c.Subs))
	for i, s := range c.Subs {
		topics[i] = s.Topic
	}
	for _, i := range concurrentHashMapOrder(topics) {
		b.WriteString(pad(c.Subs[i].Topic, 20) + " " + c.Subs[i].SubString + "\n")
	}
	b.WriteString("\n")
	b.WriteString("ConsumeType: " + orNull(c.ConsumeType) + "\n")
	b.WriteString("MessageModel: " + orNull(c.MessageModel) + "\n")
	b.WriteString("ConsumeFromWhere: " + orNull(c.ConsumeFromWhere) + "\n")
	return b.String()
}

func orNull(s string) string {
	if s == "" {
		return "null"
	}
	return s
}

// mergeOffsets is every broker's offset table merged as the tool merges
// them (putAll: a later broker's row wins), its queues sorted as
// MessageQueue.compareTo, and the brokers' TPS summed.
func mergeOffsets(stats []*consumeStats) (map[alloc.MessageQueue]offsets, []alloc.MessageQueue, float64, error) {
	table := map[alloc.MessageQueue]offsets{}
	var mqs []alloc.MessageQueue
	tps := 0.0
	for _, s := range stats {
		for _, o := range s.Table {
			if _, dup := table[o.MQ]; !dup {
				mqs = append(mqs, o.MQ)
			}
			table[o.MQ] = o
		}
		tps += s.TPS
	}
	if err := alloc.SortQueues(mqs); err != nil {
		return nil, nil, 0, err
	}
	return table, mqs, tps, nil
}

// renderProgress is `mqadmin consumerProgress -g G -s true` (4.9.3
// layout): every broker's offset table, merged, sorted as
// MessageQueue.compareTo; owners maps a queue to the IP part of the client
// ID holding it.
func renderProgress(stats []*consumeStats, owners map[alloc.MessageQueue]string, loc *time.Location) (string, error) {
	table, mqs, tps, err := mergeOffsets(stats)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	row := func(topic, broker, qid, brokerOff, consumerOff, ip, diff, last string) {
		b.WriteString(pad(topic, 64) + "  " + pad(broker, 32) + "  " + pad(qid, 4) + "  " + pad(brokerOff, 20) + "  " + pad(consumerOff, 20) + "  " + pad(ip, 20) + " " + pad(diff, 20) + "  " + last + "\n")
	}
	row("#Topic", "#Broker Name", "#QID", "#Broker Offset", "#Consumer Offset", "#Client IP", "#Diff", "#LastTime")
	var total int64
	for _, mq := range mqs {
		o := table[mq]
		diff := o.BrokerOffset - o.ConsumerOffset
		total += diff
		last := "N/A"
		if o.LastTimestamp != 0 {
			last = formatDate(o.LastTimestamp, loc)
		}
		ip, ok := owners[mq]
		if !ok {
			ip = "N/A"
		}
		row(frontStringAtLeast(mq.Topic, 64), frontStringAtLeast(mq.BrokerName, 32), strconv.Itoa(int(mq.QueueID)),
			strconv.FormatInt(o.BrokerOffset, 10), strconv.FormatInt(o.ConsumerOffset, 10), ip, strconv.FormatInt(diff, 10), last)
	}
	b.WriteString("\nConsume TPS: " + fixed2(tps) + "\n")
	b.WriteString("Diff Total: " + strconv.FormatInt(total, 10) + "\n")
	return b.String(), nil
}

// ownerIP is what -s true shows of a client ID: clientId.split("@")[0].
func ownerIP(clientID string) string {
	parts := javalang.Split(clientID, "@")
	if len(parts) == 0 {
		return ""
	}
	return parts[0]
}

// renderStatus is ConsumerRunningInfo.formatString(): the file `mqadmin
// consumerStatus -g G` writes per client: properties in the order of the
// tool's Properties (a ConcurrentHashMap), the rest in its sorted orders.
// v5: the 5.3.3 tool's text, which adds #Consumer Pop Detail# (the
// client's POP queues) after MQ Detail and #User Consume Info# after
// RT&TPS, also for a 4.x client (both sections empty then).
func renderStatus(ri *runningInfo, loc *time.Location, v5 bool) (string, error) {
	var b strings.Builder
	b.WriteString("#Consumer Properties#\n")
	names := make([]string, len(ri.Properties))
	for i, kv := range ri.Properties {
		names[i] = kv[0]
	}
	for _, i := range concurrentHashMapOrder(names) {
		b.WriteString(pad(ri.Properties[i][0], 40) + ": " + ri.Properties[i][1] + "\n")
	}
	b.WriteString("\n\n#Consumer Subscription#\n")
	subs := append([]subscription(nil), ri.Subs...)
	// TreeSet<SubscriptionData>: compareTo is topic + "@" + subString.
	sortStable(len(subs), func(i, j int) bool {
		return javalang.CompareStrings(subs[i].Topic+"@"+subs[i].SubString, subs[j].Topic+"@"+subs[j].SubString) < 0
	}, func(i, j int) { subs[i], subs[j] = subs[j], subs[i] })
	for i, s := range subs {
		b.WriteString(pad03(i+1) + " Topic: " + pad(s.Topic, 40) + " ClassFilter: " + pad(strconv.FormatBool(s.ClassFilter), 8) + " SubExpression: " + s.SubString + "\n")
	}
	mqs := append([]heldQueue(nil), ri.MQs...)
	keys := make([]alloc.MessageQueue, len(mqs))
	for i := range mqs {
		keys[i] = mqs[i].MQ
	}
	if err := alloc.SortQueues(keys); err != nil {
		return "", err
	}
	byMQ := map[alloc.MessageQueue]*heldQueue{}
	for i := range mqs {
		byMQ[mqs[i].MQ] = &mqs[i]
	}
	b.WriteString("\n\n#Consumer Offset#\n")
	b.WriteString(pad("#Topic", 64) + "  " + pad("#Broker Name", 32) + "  " + pad("#QID", 4) + "  " + pad("#Consumer Offset", 20) + "\n")
	for _, k := range keys {
		h := byMQ[k]
		b.WriteString(pad(k.Topic, 32) + "  " + pad(k.BrokerName, 32) + "  " + pad(strconv.Itoa(int(k.QueueID)), 4) + "  " + pad(pqNumber(&h.PQ, "commitOffset"), 20) + "\n")
	}
	b.WriteString("\n\n#Consumer MQ Detail#\n")
	b.WriteString(pad("#Topic", 64) + "  " + pad("#Broker Name", 32) + "  " + pad("#QID", 4) + "  " + pad("#ProcessQueueInfo", 20) + "\n")
	for _, k := range keys {
		h := byMQ[k]
		b.WriteString(pad(k.Topic, 64) + "  " + pad(k.BrokerName, 32) + "  " + pad(strconv.Itoa(int(k.QueueID)), 4) + "  " + processQueueInfo(&h.PQ, loc) + "\n")
	}
	if v5 {
		if err := writePopDetail(&b, ri.PopMQs); err != nil {
			return "", err
		}
	}
	b.WriteString("\n\n#Consumer RT&TPS#\n")
	b.WriteString(pad("#Topic", 64) + "  " + padLeft("#Pull RT", 14) + " " + padLeft("#Pull TPS", 14) + " " + padLeft("#Consume RT", 14) + " " + padLeft("#ConsumeOK TPS", 14) + " " + padLeft("#ConsumeFailed TPS", 18) + " " + padLeft("#ConsumeFailedMsgsInHour", 25) + "\n")
	st := append([]topicStatus(nil), ri.Status...)
	sortStable(len(st), func(i, j int) bool { return javalang.CompareStrings(st[i].Topic, st[j].Topic) < 0 },
		func(i, j int) { st[i], st[j] = st[j], st[i] })
	for _, s := range st {
		b.WriteString(pad(s.Topic, 32) + "  " + padLeft(fixed2(s.PullRT), 14) + " " + padLeft(fixed2(s.PullTPS), 14) + " " + padLeft(fixed2(s.ConsumeRT), 14) + " " +
			padLeft(fixed2(s.ConsumeOKTPS), 14) + " " + padLeft(fixed2(s.ConsumeFailedTPS), 18) + " " + padLeft(strconv.FormatInt(s.ConsumeFailedMsgs, 10), 25) + "\n")
	}
	if v5 {
		// TreeMap<String, String>: by key.
		info := append([][2]string(nil), ri.UserInfo...)
		sortStable(len(info), func(i, j int) bool { return javalang.CompareStrings(info[i][0], info[j][0]) < 0 },
			func(i, j int) { info[i], info[j] = info[j], info[i] })
		b.WriteString("\n\n#User Consume Info#\n")
		for _, kv := range info {
			b.WriteString(pad(kv[0], 40) + ": " + kv[1] + "\n")
		}
	}
	if ri.Jstack != nil {
		b.WriteString("\n\n#Consumer jstack#\n")
		b.WriteString(*ri.Jstack)
	}
	return b.String(), nil
}

// sortStable is an insertion sort: tables here are a client's few topics.
func sortStable(n int, less func(i, j int) bool, swap func(i, j int)) {
	for i := 1; i < n; i++ {
		for j := i; j > 0 && less(j, j-1); j-- {
			swap(j, j-1)
		}
	}
}

func pqNumber(v *lenientjson.Value, key string) string {
	if m, ok := v.Get(key); ok && m.Kind == lenientjson.Number {
		return m.Str
	}
	return "0"
}

func pqBool(v *lenientjson.Value, key string) string {
	if m, ok := v.Get(key); ok && m.Kind == lenientjson.Bool {
		return m.Str
	}
	return "false"
}

func pqTime(v *lenientjson.Value, key string, loc *time.Location) string {
	n, _ := strconv.ParseInt(pqNumber(v, key), 10, 64)
	return humanMillis(n, loc)
}

// processQueueInfo is ProcessQueueInfo.toString().
func processQueueInfo(v *lenientjson.Value, loc *time.Location) string {
	return "ProcessQueueInfo [commitOffset=" + pqNumber(v, "commitOffset") +
		", cachedMsgMinOffset=" + pqNumber(v, "cachedMsgMinOffset") +
		", cachedMsgMaxOffset=" + pqNumber(v, "cachedMsgMaxOffset") +
		", cachedMsgCount=" + pqNumber(v, "cachedMsgCount") +
		", cachedMsgSizeInMiB=" + pqNumber(v, "cachedMsgSizeInMiB") +
		", transactionMsgMinOffset=" + pqNumber(v, "transactionMsgMinOffset") +
		", transactionMsgMaxOffset=" + pqNumber(v, "transactionMsgMaxOffset") +
		", transactionMsgCount=" + pqNumber(v, "transactionMsgCount") +
		", locked=" + pqBool(v, "locked") +
		", tryUnlockTimes=" + pqNumber(v, "tryUnlockTimes") +
		", lastLockTimestamp=" + pqTime(v, "lastLockTimestamp", loc) +
		", droped=" + pqBool(v, "droped") +
		", lastPullTimestamp=" + pqTime(v, "lastPullTimestamp", loc) +
		", lastConsumeTimestamp=" + pqTime(v, "lastConsumeTimestamp", loc) + "]"
}

// writePopDetail is 5.3.3's #Consumer Pop Detail# section: the client's
// mqPopTable (a TreeMap by MessageQueue), one PopProcessQueueInfo each.
func writePopDetail(b *strings.Builder, pop []heldQueue) error {
	keys := make([]alloc.MessageQueue, len(pop))
	byMQ := map[alloc.MessageQueue]*heldQueue{}
	for i := range pop {
		keys[i] = pop[i].MQ
		byMQ[pop[i].MQ] = &pop[i]
	}
	if err := alloc.SortQueues(keys); err != nil {
		return err
	}
	b.WriteString("\n\n#Consumer Pop Detail#\n")
	b.WriteString(pad("#Topic", 32) + "  " + pad("#Broker Name", 32) + "  " + pad("#QID", 4) + "  " + pad("#ProcessQueueInfo", 20) + "\n")
	for _, k := range keys {
		h := byMQ[k]
		b.WriteString(pad(k.Topic, 32) + "  " + pad(k.BrokerName, 32) + "  " + pad(strconv.Itoa(int(k.QueueID)), 4) + "  " + popProcessQueueInfo(&h.PQ) + "\n")
	}
	return nil
}

// popProcessQueueInfo is PopProcessQueueInfo.toString() (5.3.3).
func popProcessQueueInfo(v *lenientjson.Value) string {
	return "PopProcessQueueInfo [waitAckCount:" + pqNumber(v, "waitAckCount") +
		", droped:" + pqBool(v, "droped") +
		", lastPopTimestamp:" + pqNumber(v, "lastPopTimestamp") + "]"
}
