//go:build live

package livetest

import (
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/broker"
)

// RocketMQ 5.3.3 consumers whose queues the broker assigns (issue 26):
// LivePopConsumer5 runs classic push consumers with clientRebalance=false,
// so their rebalance asks the broker (QUERY_ASSIGNMENT); each section sets
// the broker's request mode for its group first (mqadmin setConsumeMode).
// What the real broker answered each client, and what the client then
// holds, must be what alloc/broker's QueryAssignment computes from the live
// route and client list.

type popGroup struct {
	name, topic, strategy string
	mode                  string // "": the broker's default (PULL); else PULL or POP, set with -share
	share                 int32
	insts                 []string
}

func (g popGroup) args(hold string) []string {
	a := []string{"-g", g.name, "-t", g.topic, "-hold", hold, "-strategy", g.strategy}
	if g.mode != "" {
		a = append(a, "-mode", g.mode, "-share", strconv.Itoa(int(g.share)))
	}
	return append(a, g.insts...)
}

var (
	topicPop  = topic5("T5_pop", queuesOn{"broker-a5": 4, "broker-b5": 2})
	topicPop3 = topic5("T5_pop3", queuesOn{"broker-a5": 2, "broker-b5": 1})
	// popGroups cover every rule of the broker's answer that a live group can reach.
	popGroups = []popGroup{
		// clientRebalance=false, nothing set: the broker answers PULL with the client's own strategy.
		{"G5_bk_pull", topicPop, "avg", "", 0, []string{"p1", "p2", "p3"}},
		// POP, share 1: a client's own share plus its neighbour's.
		{"G5_pop_share1", topicPop, "avg", "POP", 1, []string{"s1", "s2", "s3"}},
		// POP, share 1, AVG_BY_CIRCLE, 4 clients (share < clients - 1).
		{"G5_pop_circle", topicPop, "circle", "POP", 1, []string{"r1", "r2", "r3", "r4"}},
		// POP, share 0: every client pops every queue (queue -1 per broker).
		{"G5_pop_share0", topicPop, "avg", "POP", 0, []string{"z1", "z2"}},
		// POP, more clients than queues: one queue each, position modulo the queue count.
		{"G5_pop_many", topicPop3, "avg", "POP", 1, []string{"m1", "m2", "m3", "m4"}},
	}
)

// popHold is one LivePopConsumer5 line: the broker's answer and the held set.
type popHold struct {
	holdLine
	answer string // MODE:q+q..., "none", "error:..."
	table  string // pop | pull | both | none
}

func readPopHold(path string) ([]popHold, error) {
	lines, err := readHold(path)
	if err != nil {
		return nil, err
	}
	out := make([]popHold, len(lines))
	for i, l := range lines {
		out[i].holdLine = l
		out[i].answer, out[i].table = l.Extra["answer"], l.Extra["table"]
	}
	return out, nil
}

// startPopGroups runs every popGroup in one LivePopConsumer5 JVM and
// returns the hold file of each.
func startPopGroups(t *testing.T, groups []popGroup) map[string]string {
	t.Helper()
	return startPopGroupsAs(t, "kit5-pop", groups)
}

// startPopGroupsAs is startPopGroups in a JVM of its own name (tests that
// run in parallel each start their own).
func startPopGroupsAs(t *testing.T, jvm string, groups []popGroup) map[string]string {
	t.Helper()
	k := theKit
	holds := map[string]string{}
	args := []string{"-n", k.namesrv5}
	n := 0
	for _, g := range groups {
		holds[g.name] = k.holdPath(g.name)
		args = append(args, g.args(holds[g.name])...)
		n += len(g.insts)
	}
	// A first route request or mode setting that times out ends the JVM:
	// startDriver starts it again (the mode settings are idempotent).
	k.startDriver(t, jvm, n, func() { k.bg(t, jvm, k.javaArgs5("LivePopConsumer5", args...)...) }, func() { k.kill(jvm) })
	return holds
}

// queueKey is a hold file's broker/topic/qid.
func queueKey(q alloc.MessageQueue) string {
	return q.BrokerName + "/" + q.Topic + "/" + strconv.Itoa(int(q.QueueID))
}

func queueKeys(qs []alloc.MessageQueue) []string {
	out := make([]string, len(qs))
	for i, q := range qs {
		out[i] = queueKey(q)
	}
	sort.Strings(out)
	return out
}

// brokerAnswer is alloc/broker's answer to clientID over the live view of topic.
func brokerAnswer(g popGroup, topic string, mqAll []alloc.MessageQueue, cids []string, clientID string) broker.Assignment {
	req := broker.Request{Topic: topic, ConsumerGroup: g.name, StrategyName: mustSpec(g.strategy).Name,
		Broker: broker.DefaultBrokerConfig(), MqAll: mqAll, CidAll: cids}
	if g.mode != "" && topic == g.topic {
		mode := broker.Pull
		if g.mode == "POP" {
			mode = broker.Pop
		}
		req.Configured = &broker.ModeSetting{Mode: mode, PopShareQueueNum: g.share}
	}
	return broker.QueryAssignment(req, clientID)
}

// checkPopGroup compares every client's recorded answer and held queues
// (main topic and retry topic) with QueryAssignment over the live view.
func checkPopGroup(g popGroup, hold string) (bool, string) {
	v, reason := observeOn(theKit.namesrv5, g.name, []string{g.topic}, true)
	if reason != "" {
		return false, reason
	}
	if len(v.cids) != len(g.insts) {
		return false, fmt.Sprintf("the broker lists %d client IDs %q, want %d", len(v.cids), v.cids, len(g.insts))
	}
	lines, err := readPopHold(hold)
	if err != nil {
		return false, err.Error()
	}
	if len(lines) != len(g.insts) {
		return false, fmt.Sprintf("%d hold lines, want %d", len(lines), len(g.insts))
	}
	retry := "%RETRY%" + g.name
	var diffs, summary []string
	for _, l := range lines {
		main := brokerAnswer(g, g.topic, v.topics[g.topic], v.cids, l.ClientID)
		want := main.Mode.String() + ":" + strings.Join(queueKeys(main.Queues), "+")
		if main.Queues == nil {
			want = "none"
		}
		if l.answer != want {
			diffs = append(diffs, fmt.Sprintf("%s: the broker answered %s, rmqalloc's QueryAssignment gives %s (%s)", l.ClientID, l.answer, want, main.Reason))
		}
		// The client applies the answers for its topic and its retry topic
		// (PULL unless set): that is what it holds.
		rt := brokerAnswer(g, retry, v.topics[retry], v.cids, l.ClientID)
		held := append(queueKeys(main.Queues), queueKeys(rt.Queues)...)
		sort.Strings(held)
		if strings.Join(l.Held, " ") != strings.Join(held, " ") {
			diffs = append(diffs, fmt.Sprintf("%s holds %v, rmqalloc predicts %v", l.ClientID, l.Held, held))
		}
		wantTable := "pull"
		if main.Mode == broker.Pop {
			wantTable = "both"
			if len(rt.Queues) == 0 {
				wantTable = "pop"
			}
		}
		if l.table != wantTable {
			diffs = append(diffs, fmt.Sprintf("%s holds them in its %s table(s), want %s", l.ClientID, l.table, wantTable))
		}
		summary = append(summary, fmt.Sprintf("%s: answer %s (%s), holds %v", l.ClientID, l.answer, main.Reason, l.Held))
	}
	if len(diffs) > 0 {
		return false, strings.Join(diffs, "\n")
	}
	return true, strings.Join(summary, "\n")
}

func TestKit5BrokerAssignmentMatchesQueryAssignment(t *testing.T) {
	if theKit.namesrv5 == "" {
		t.Skip("kit5 (RocketMQ 5.3.3) is not running: no RMQALLOC_LIVE_NAMESRV5")
	}
	t.Parallel()
	holds := startPopGroups(t, popGroups)
	for _, g := range popGroups {
		g := g
		t.Run(g.name, func(t *testing.T) {
			t.Parallel()
			settle(t, g.name, 150*time.Second, func() (bool, string) { return checkPopGroup(g, holds[g.name]) })
			if g.name == "G5_pop_share1" {
				checkPopDoctor(t, g, filepath.Join(theKit.captures, g.name+"-live"))
			}
		})
	}
}
