//go:build live

package livetest

import (
	"fmt"
	"regexp"
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

var perQueueRE = regexp.MustCompile(`perQueue=\{([^}]*)\}`)

// TestProducerRoundRobin: the kit's KitProducer sends 100 messages over 8
// queues with the client's default selection; its per-queue counts must be
// what producer.Producer gives for one of the start indexes (the real one is
// random: abs(nextInt())).
func TestProducerRoundRobin(t *testing.T) {
	t.Parallel()
	const n = 100
	out, errs, err := theKit.clusterSh(3*time.Minute, "java", "KitProducer", "-n", theKit.namesrv, "-t", prodTopic, "-c", strconv.Itoa(n))
	require.NoError(t, err, "%s%s", out, errs)
	m := perQueueRE.FindStringSubmatch(out)
	require.NotNil(t, m, "no perQueue in KitProducer's output: %s", out)
	got := map[string]int{}
	for _, kv := range strings.Split(m[1], ", ") {
		q, c, _ := strings.Cut(kv, "=")
		got[q], _ = strconv.Atoi(c)
	}
	qs := publishQueues(t, prodTopic)
	require.Len(t, qs, 8)
	var tried []string
	for start := 0; start < len(qs); start++ {
		s := int32(start)
		p, err := producer.New(qs, producer.Options{StartIndex: &s})
		require.NoError(t, err)
		want := map[string]int{}
		for i := 0; i < n; i++ {
			q, err := p.Select(producer.Attempt{})
			require.NoError(t, err)
			want[q.BrokerName+"/"+strconv.Itoa(int(q.QueueID))]++
		}
		if fmt.Sprint(want) == fmt.Sprint(got) {
			t.Logf("KitProducer's %d sends %v = rmqalloc's round robin from start index %d (mod %d)", n, got, start, len(qs))
			return
		}
		tried = append(tried, fmt.Sprint(want))
	}
	t.Fatalf("KitProducer sent %v; no start index of rmqalloc's round robin gives it:\n%s", got, strings.Join(tried, "\n"))
}

var hashTopic = topic("T_hash_p", queuesOn{"broker-a": 4, "broker-b": 3})

// TestProducerSelectByHash: SelectMessageQueueByHash with the key as the
// selector's argument sends each message where producer.SelectHash says.
func TestProducerSelectByHash(t *testing.T) {
	t.Parallel()
	keys := []string{"ｲ", "😀", "MiXeD", "mixed", "polygenelubricants", "order-10", "order-9", ""}
	for i := 0; i < 20; i++ {
		keys = append(keys, "key-"+strconv.Itoa(i*7919))
	}
	args := append([]string{"-n", theKit.namesrv, "-t", hashTopic}, keys...)
	out, errs, err := theKit.java(3*time.Minute, "LiveProducer", args...)
	require.NoError(t, err, "%s%s", out, errs)
	qs := publishQueues(t, hashTopic)
	require.Len(t, qs, 7)
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
