//go:build live

package livetest

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/producer"
)

var prodTopic = topic("T_prod", queuesOn{"broker-a": 3, "broker-b": 5})

// publishQueues is the producer's queue list of a live topic.
func publishQueues(t *testing.T, topicName string) []alloc.MessageQueue {
	t.Helper()
	r, err := topicRoute(theKit.namesrv, topicName)
	require.NoError(t, err)
	require.NotNil(t, r, "no route for %s", topicName)
	qs, err := r.PublishQueues(topicName)
	require.NoError(t, err)
	return qs
}

// send is one line of LiveProducer -c: the queue it went to, or that it
// failed after selecting a queue, or before (no route: the index did not move).
type send struct {
	queue   string // broker/qid; "" when it failed
	noRoute bool
	failure string // why it failed
}

func (s send) String() string {
	if s.queue != "" {
		return s.queue
	}
	return "(" + s.failure + ")"
}

// sendCount runs LiveProducer -c n and returns its sends in order and the
// producer's queue list.
func sendCount(t *testing.T, group, topicName string, n int) ([]send, string) {
	t.Helper()
	out, errs, err := theKit.java(3*time.Minute, "LiveProducer", "-n", theKit.namesrv, "-g", group, "-t", topicName, "-c", strconv.Itoa(n))
	require.NoError(t, err, "%s%s", out, errs)
	var sends []send
	queues := ""
	for _, l := range strings.Split(out, "\n") {
		f := strings.Fields(l)
		if len(f) == 2 && f[0] == "QUEUES" {
			queues = f[1]
		}
		if len(f) < 3 || f[0] != "SEND" {
			continue
		}
		switch f[2] {
		case "NOROUTE":
			sends = append(sends, send{noRoute: true, failure: l})
		case "FAILED":
			sends = append(sends, send{failure: l})
		default:
			sends = append(sends, send{queue: f[2]})
		}
	}
	require.Len(t, sends, n, "one SEND line per message: %s", out)
	return sends, queues
}

func sent(sends []send) int {
	n := 0
	for _, s := range sends {
		if s.queue != "" {
			n++
		}
	}
	return n
}

// TestProducerRoundRobin: a real producer (LiveProducer -c, the kit's
// KitProducer's counting send loop, but with every send's queue printed and
// no client retries, which would leave the round robin) sends 100 messages
// over 3+5 queues with the client's default selection: the queues, in
// order, must be producer.Producer's for one of the start indexes (the real
// one is random: abs(nextInt())). A send that fails on a loaded machine
// (broker busy) still moved the index: it is skipped, not compared.
func TestProducerRoundRobin(t *testing.T) {
	t.Parallel()
	const n = 100
	qs := publishQueues(t, prodTopic)
	require.Len(t, qs, 8)
	var sends []send
	for attempt := 1; ; attempt++ {
		var queues string
		sends, queues = sendCount(t, "rr_producer", prodTopic, n)
		if queues == queueNames(qs) {
			break
		}
		// Without an answer from the name server in time the client
		// sends over the default topic's route instead: run again.
		require.Less(t, attempt, producerAttempts, "the producer never had the topic's route %s (it had %s)", queueNames(qs), queues)
		t.Logf("the producer had queues %s, not the route's %s (attempt %d): again", queues, queueNames(qs), attempt)
		backOff(attempt)
	}
	require.Greater(t, sent(sends), n/2, "most sends must succeed: %v", sends)
	got := map[string]int{}
	for _, s := range sends {
		if s.queue != "" {
			got[s.queue]++
		}
	}
	for start := 0; start < len(qs); start++ {
		s := int32(start)
		p, err := producer.New(qs, producer.Options{StartIndex: &s})
		require.NoError(t, err)
		match := true
		for _, real := range sends {
			if real.noRoute {
				continue
			}
			q, err := p.Select(producer.Attempt{})
			require.NoError(t, err)
			if real.queue != "" && real.queue != q.BrokerName+"/"+strconv.Itoa(int(q.QueueID)) {
				match = false
				break
			}
		}
		if match {
			t.Logf("the producer's %d sends %v = rmqalloc's round robin from start index %d (mod %d)", sent(sends), got, start, len(qs))
			return
		}
	}
	t.Fatalf("the producer sent %v (in order: %v); no start index of rmqalloc's round robin gives it", got, sends)
}

var hashTopic = topic("T_hash_p", queuesOn{"broker-a": 4, "broker-b": 3})

// producerAttempts bounds the runs of a Java producer that lost its
// topic's route: a name server slow to answer while a dozen client JVMs
// start makes the client fall back to the default topic's (TBW102) queues.
// The runs are spaced out (backOff), so that a later one finds the name
// server answering again.
const producerAttempts = 6

// backOff waits before run attempt+1: 5 s, 10 s, ... .
func backOff(attempt int) { time.Sleep(time.Duration(attempt) * 5 * time.Second) }

// TestProducerSelectByHash: SelectMessageQueueByHash with the key as the
// selector's argument sends each message where producer.SelectHash says.
func TestProducerSelectByHash(t *testing.T) {
	t.Parallel()
	keys := []string{"ｲ", "😀", "MiXeD", "mixed", "polygenelubricants", "order-10", "order-9", ""}
	for i := 0; i < 20; i++ {
		keys = append(keys, "key-"+strconv.Itoa(i*7919))
	}
	args := append([]string{"-n", theKit.namesrv, "-t", hashTopic}, keys...)
	qs := publishQueues(t, hashTopic)
	require.Len(t, qs, 7)
	var out string
	for attempt := 1; ; attempt++ {
		o, errs, err := theKit.java(3*time.Minute, "LiveProducer", args...)
		if err == nil && strings.Contains(o, "QUEUES "+queueNames(qs)+"\n") {
			out = o
			break
		}
		// A run without the topic's own route (a name server timeout on a
		// loaded machine: the client then uses the default topic's) is made
		// again.
		require.Less(t, attempt, producerAttempts, "LiveProducer: %v\n%s%s", err, o, errs)
		t.Logf("LiveProducer without the topic's route %s (attempt %d): %v\n%s", queueNames(qs), attempt, err, o)
		backOff(attempt)
	}
	sent := 0
	for _, l := range strings.Split(out, "\n") {
		k, q, ok := strings.Cut(l, "\t")
		if !ok {
			continue
		}
		sent++
		want, err := producer.SelectHash(qs, producer.StringKey(k))
		require.NoError(t, err)
		assert.Equal(t, q, want.BrokerName+"/"+strconv.Itoa(int(want.QueueID)), "key %q", k)
	}
	assert.Equal(t, len(keys), sent, "every key sent once: %s", out)
}

// queueNames is LiveProducer's QUEUES form of a queue list.
func queueNames(qs []alloc.MessageQueue) string {
	names := make([]string, len(qs))
	for i, q := range qs {
		names[i] = q.BrokerName + "/" + strconv.Itoa(int(q.QueueID))
	}
	return strings.Join(names, ",")
}
