package live

import (
	"strconv"
	"strings"
	"time"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
	"github.com/rmqalloc/rmqalloc/internal/javalang"
)

// The direct path: what the cluster answered, decoded straight into what
// the doctor reads of mqadmin's texts (package mqadmin's types), with the
// line numbers those texts would have, so that the doctor's report is the
// one it gives the texts. A watch loop reading every group each interval
// saves rendering each text and parsing it again. Whatever the texts'
// parser would refuse or read differently (names with blanks or other
// than ASCII, names mqadmin cuts, a broker whose queues do not run from
// 0, a status missing what every client prints, ...) is not vouched for
// here: that box goes the text path, so the refusal is the text's own.

// names copies each distinct string once: the decoded answers' strings
// are slices of whole response bodies, which a kept report would keep
// alive.
type names map[string]string

func (n names) of(s string) string {
	if c, ok := n[s]; ok {
		return c
	}
	c := strings.Clone(s)
	n[s] = c
	return c
}

// plain: non-empty printable ASCII without blanks, as a column of
// mqadmin's tables must be to read back as itself.
func plain(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c >= 0x7f {
			return false
		}
	}
	return true
}

// printableASCII: blanks allowed inside, not at either end.
func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c >= 0x7f {
			return false
		}
	}
	return s == strings.TrimSpace(s)
}

// directConnection is renderConnection's text as ParseConsumerConnection
// reads it; false when the text path must read it.
func directConnection(c *connection, n names) (*mqadmin.Connection, bool) {
	out := &mqadmin.Connection{Clients: make([]mqadmin.ClientConn, 0, len(c.Conns)), Subscriptions: make([]mqadmin.Subscription, 0, len(c.Subs))}
	addrs := map[string]bool{}
	for i, cn := range c.Conns {
		ver := versionDesc(cn.Version)
		if !printableASCII(cn.ClientID) || cn.ClientID == "" || !plain(cn.ClientAddr) || !strings.Contains(cn.ClientAddr, ":") ||
			!mqadmin.IsLanguage(cn.Language) || addrs[cn.ClientAddr] {
			return nil, false
		}
		addrs[cn.ClientAddr] = true
		out.Clients = append(out.Clients, mqadmin.ClientConn{ClientID: n.of(cn.ClientID), ClientAddr: n.of(cn.ClientAddr), Language: n.of(cn.Language), Version: ver, Line: i + 2})
	}
	topics := make([]string, len(c.Subs))
	for i, s := range c.Subs {
		topics[i] = s.Topic
	}
	for _, i := range concurrentHashMapOrder(topics) {
		s := c.Subs[i]
		sub := strings.TrimSpace(s.SubString)
		if !mqadmin.ValidName(s.Topic) || sub == "" || !printableASCII(sub) {
			return nil, false
		}
		out.Subscriptions = append(out.Subscriptions, mqadmin.Subscription{Topic: n.of(s.Topic), SubExpression: n.of(sub)})
	}
	out.ConsumeType, out.MessageModel, out.ConsumeFromWhere = orNull(c.ConsumeType), orNull(c.MessageModel), orNull(c.ConsumeFromWhere)
	if !mqadmin.KnownSettings(out.ConsumeType, out.MessageModel, out.ConsumeFromWhere) {
		return nil, false
	}
	return out, true
}

// directProgress is renderProgress's text as ParseConsumerProgress reads
// it; false when the text path must read it.
func directProgress(stats []*consumeStats, owners map[alloc.MessageQueue]string, loc *time.Location, n names) (*mqadmin.Progress, bool) {
	table, mqs, tps, err := mergeOffsets(stats)
	if err != nil {
		return nil, false
	}
	p := &mqadmin.Progress{Layout: mqadmin.Layout493, HasClientIP: true, Rows: make([]mqadmin.ProgressRow, 0, len(mqs)), ConsumeTPS: fixed2(tps)}
	if !mqadmin.IsDecimal(p.ConsumeTPS) {
		return nil, false
	}
	var total int64
	for i, mq := range mqs {
		o := table[mq]
		// Names the tool cuts (or the parser may split) and queues not
		// listed from 0 up go the text path, which judges them.
		if !mqadmin.ValidName(mq.Topic) || len(mq.Topic) >= 64 || !plain(mq.BrokerName) || len(mq.BrokerName) >= 32 || mq.QueueID < 0 {
			return nil, false
		}
		if i == 0 || mqs[i-1].Topic != mq.Topic || mqs[i-1].BrokerName != mq.BrokerName {
			if mq.QueueID != 0 {
				return nil, false
			}
		} else if mq.QueueID != mqs[i-1].QueueID+1 {
			return nil, false
		}
		ip, ok := owners[mq]
		if !ok {
			ip = "N/A"
		}
		if !plain(ip) {
			return nil, false
		}
		last := "N/A"
		if o.LastTimestamp != 0 {
			if last = formatDate(o.LastTimestamp, loc); !mqadmin.IsLastTime(last) {
				return nil, false
			}
		}
		diff := o.BrokerOffset - o.ConsumerOffset
		total += diff
		p.Rows = append(p.Rows, mqadmin.ProgressRow{Topic: n.of(mq.Topic), BrokerName: n.of(mq.BrokerName), QueueID: mq.QueueID,
			BrokerOffset: o.BrokerOffset, ConsumerOffset: o.ConsumerOffset, ClientIP: n.of(ip), Diff: diff, LastTime: last, Line: i + 2})
	}
	p.DiffTotal = &total
	return p, true
}

// directStatus is renderStatus's text as ParseConsumerStatus reads it,
// with the text's line numbers; false when the text path must read it.
func directStatus(ri *runningInfo, loc *time.Location, v5 bool, n names) (*mqadmin.RunningInfo, bool) {
	out := &mqadmin.RunningInfo{Properties: make(map[string]string, len(ri.Properties)), Subscriptions: make([]mqadmin.Subscription, 0, len(ri.Subs))}
	for _, kv := range ri.Properties {
		k, v := kv[0], strings.TrimSpace(kv[1])
		if !plain(k) || strings.ContainsAny(k, ":#") || !printableASCII(v) {
			return nil, false
		}
		if _, dup := out.Properties[k]; dup {
			return nil, false
		}
		out.Properties[n.of(k)] = n.of(v)
	}
	subs := append([]subscription(nil), ri.Subs...)
	sortStable(len(subs), func(i, j int) bool {
		return javalang.CompareStrings(subs[i].Topic+"@"+subs[i].SubString, subs[j].Topic+"@"+subs[j].SubString) < 0
	}, func(i, j int) { subs[i], subs[j] = subs[j], subs[i] })
	for _, s := range subs {
		sub := strings.TrimSpace(s.SubString)
		if !mqadmin.ValidName(s.Topic) || !printableASCII(sub) || strings.Contains(sub, "SubExpression: ") {
			return nil, false
		}
		out.Subscriptions = append(out.Subscriptions, mqadmin.Subscription{Topic: n.of(s.Topic), SubExpression: n.of(sub), ClassFilter: s.ClassFilter})
	}
	mqs := append([]heldQueue(nil), ri.MQs...)
	keys := make([]alloc.MessageQueue, len(mqs))
	byMQ := map[alloc.MessageQueue]*heldQueue{}
	for i := range mqs {
		keys[i] = mqs[i].MQ
		byMQ[mqs[i].MQ] = &mqs[i]
	}
	if err := alloc.SortQueues(keys); err != nil || len(byMQ) != len(keys) {
		return nil, false
	}
	// The lines: the properties from line 2, two blank lines before each
	// section's name, a header line under the tables' names.
	subLine := 2 + len(ri.Properties) + 2
	offsetRow := subLine + 1 + len(subs) + 2 + 2
	out.Queues = make([]mqadmin.HeldQueue, 0, len(keys))
	for i, k := range keys {
		if !queueColumns(k) || i > 0 && !before(keys[i-1], k) {
			return nil, false
		}
		pq := &byMQ[k].PQ
		commit, err := strconv.ParseInt(pqNumber(pq, "commitOffset"), 10, 64)
		if err != nil {
			return nil, false
		}
		cached, err := strconv.ParseInt(pqNumber(pq, "cachedMsgCount"), 10, 64)
		if err != nil {
			return nil, false
		}
		out.Queues = append(out.Queues, mqadmin.HeldQueue{
			Topic: n.of(k.Topic), BrokerName: n.of(k.BrokerName), QueueID: k.QueueID, ConsumerOffset: commit,
			Dropped: pqBool(pq, "droped") == "true", CachedMsgCount: cached, Locked: pqBool(pq, "locked") == "true",
			LastLockTimestamp: pqTime(pq, "lastLockTimestamp", loc), LastPullTimestamp: pqTime(pq, "lastPullTimestamp", loc),
			LastConsumeTimestamp: pqTime(pq, "lastConsumeTimestamp", loc), Line: offsetRow + i,
		})
	}
	if v5 {
		popRow := offsetRow + len(keys) + 2 + 2 + len(keys) + 2 + 2
		pop := make([]alloc.MessageQueue, len(ri.PopMQs))
		for i := range ri.PopMQs {
			pop[i] = ri.PopMQs[i].MQ
		}
		if err := alloc.SortQueues(pop); err != nil {
			return nil, false
		}
		for i, k := range pop {
			if !queueColumns(alloc.MessageQueue{Topic: k.Topic, BrokerName: k.BrokerName}) || k.QueueID < -1 {
				return nil, false
			}
			out.PopQueues = append(out.PopQueues, mqadmin.HeldQueue{Topic: n.of(k.Topic), BrokerName: n.of(k.BrokerName), QueueID: k.QueueID, Line: popRow + i})
		}
	}
	for _, kv := range ri.UserInfo {
		if strings.HasPrefix(strings.TrimSpace(kv[0]), "#") {
			return nil, false // could read as a section's name
		}
	}
	if ri.Jstack != nil || !mqadmin.StatusWhole(out) {
		return nil, false
	}
	return out, true
}

// queueColumns: a queue whose line reads back as itself.
func queueColumns(k alloc.MessageQueue) bool {
	return mqadmin.ValidName(k.Topic) && plain(k.BrokerName) && k.QueueID >= 0
}

// before is the parser's order of a status's queues (byte order of the
// names, then the queue ID), strictly.
func before(a, b alloc.MessageQueue) bool {
	if a.Topic != b.Topic {
		return a.Topic < b.Topic
	}
	if a.BrokerName != b.BrokerName {
		return a.BrokerName < b.BrokerName
	}
	return a.QueueID < b.QueueID
}
