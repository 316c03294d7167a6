//go:build live

package livetest

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/producer"
	"github.com/rmqalloc/rmqalloc/alloc/route"
	"github.com/rmqalloc/rmqalloc/cluster/live"
)

// The go-client-2.1.2 producer profile against a real rocketmq-client-go
// v2.1.2 producer (testdata/live/goproducer) on the real cluster: the
// publish list the client built from the name server's route and every
// queue its selector picked, message by message, must be rmqalloc's
// (producer.GoProducerPublishQueues, GoRoundRobin, GoHash) for that same
// route,
// and each message's SendResult (the broker's queue and queue offset) and
// the brokers' max offsets before and after must agree with it.
//
// Round robin is compared exactly from the first message: v2.1.2's counter
// starts at 0 (no random start index, unlike the Java client), so message
// 0 goes to position 1 of the publish list.

var (
	goRRTopic    = topic("T_gop_rr", queuesOn{"broker-a": 3, "broker-b": 5})
	goHashTopic  = topic("T_gop_hash", queuesOn{"broker-a": 4, "broker-b": 3})
	goRRTopic5   = topic5("T5_gop_rr", queuesOn{"broker-a5": 3, "broker-b5": 5})
	goHashTopic5 = topic5("T5_gop_hash", queuesOn{"broker-a5": 4, "broker-b5": 3})
)

// goSelect is one call of the client's selector: message i, its answer
// and the lastBrokerName the client passed.
type goSelect struct {
	msg         int
	queue, last string
}

// goSend is message i's SendResult.
type goSend struct {
	queue  string
	offset int64
}

// goRun is what one goproducer run printed.
type goRun struct {
	lists   []string // each QUEUES line: the publish list given to the selector
	selects []goSelect
	sends   map[int]goSend
	fails   map[int]string
}

func runGoProducer(t *testing.T, namesrv, group, topicName, mode string, count int, keys []string) goRun {
	t.Helper()
	args := []string{"-n", namesrv, "-g", group, "-t", topicName, "-mode", mode, "-c", strconv.Itoa(count)}
	out, errs, err := run(2*time.Minute, nil, theKit.run, theKit.goproducer, append(args, keys...)...)
	require.NoError(t, err, "goproducer %s:\n%s%s", strings.Join(args, " "), out, errs)
	r := goRun{sends: map[int]goSend{}, fails: map[int]string{}}
	for _, l := range strings.Split(out, "\n") {
		f := strings.Split(l, "\t")
		atoi := func(s string) int {
			n, err := strconv.Atoi(s)
			require.NoError(t, err, "line %q", l)
			return n
		}
		switch {
		case f[0] == "QUEUES" && len(f) == 2:
			r.lists = append(r.lists, f[1])
		case f[0] == "SELECT" && len(f) == 4:
			r.selects = append(r.selects, goSelect{msg: atoi(f[1]), queue: f[2], last: f[3]})
		case f[0] == "SEND" && len(f) == 4:
			off, err := strconv.ParseInt(f[3], 10, 64)
			require.NoError(t, err, "line %q", l)
			r.sends[atoi(f[1])] = goSend{queue: f[2], offset: off}
		case f[0] == "FAIL" && len(f) == 3:
			r.fails[atoi(f[1])] = f[2]
		}
	}
	require.Equal(t, count, len(r.sends)+len(r.fails), "one SEND or FAIL line per message:\n%s%s", out, errs)
	return r
}

// maxOffsets is every write queue's max offset on its broker.
func maxOffsets(t *testing.T, r *route.Route, topicName string) map[string]int64 {
	t.Helper()
	out := map[string]int64{}
	for _, qd := range r.QueueDatas {
		addr := ""
		for _, bd := range r.BrokerDatas {
			if bd.BrokerName == qd.BrokerName {
				addr = bd.BrokerAddrs["0"]
			}
		}
		require.NotEmpty(t, addr, "no master address for %s in the route", qd.BrokerName)
		for q := int32(0); q < qd.WriteQueueNums; q++ {
			off, err := maxOffset(addr, topicName, q)
			require.NoError(t, err)
			out[qd.BrokerName+"/"+strconv.Itoa(int(q))] = off
		}
	}
	return out
}

// goSelector is rmqalloc's selector of one mode: the queue for a call of
// the client's selector (message i, lastBrokerName last).
type goSelector func(i int, last string) (alloc.MessageQueue, error)

// checkGoProducer runs goproducer once and compares it with rmqalloc's
// prediction for the route the name server gives; it returns the sends'
// count per queue (broker/qid) for the log.
func checkGoProducer(t *testing.T, namesrv, group, topicName, mode string, count int, keys []string, model func(qs []alloc.MessageQueue) goSelector) map[string]int {
	t.Helper()
	r, err := topicRoute(namesrv, topicName)
	require.NoError(t, err)
	require.NotNil(t, r, "no route for %s", topicName)
	want, err := producer.GoProducerPublishQueues(topicName, r)
	require.NoError(t, err)
	once, err := producer.GoPublishQueues(topicName, r)
	require.NoError(t, err)
	before := maxOffsets(t, r, topicName)

	real := runGoProducer(t, namesrv, group, topicName, mode, count, keys)

	after := maxOffsets(t, r, topicName)
	r2, err := topicRoute(namesrv, topicName)
	require.NoError(t, err)
	want2, err := producer.GoProducerPublishQueues(topicName, r2)
	require.NoError(t, err)
	require.Equal(t, queueNames(want2), queueNames(want), "the route changed during the run")

	// The publish list: the one the client gave its selector is
	// GoProducerPublishQueues of the name server's route (one
	// routeData2PublishInfo, GoPublishQueues, reverses two queue datas; the
	// producer's list comes from a second call).
	require.Equal(t, []string{queueNames(want)}, real.lists, "the client's publish list (QUEUES) against GoProducerPublishQueues of the route (one routeData2PublishInfo gives %s)", queueNames(once))

	// Every selector call, in order.
	// Without a model (the random selector: seeded with the time) every
	// pick must be a queue of the publish list.
	var sel goSelector
	if model != nil {
		sel = model(want)
	}
	inList := map[string]bool{}
	for _, q := range want {
		inList[q.BrokerName+"/"+strconv.Itoa(int(q.QueueID))] = true
	}
	lastOf := map[int]string{}
	for k, c := range real.selects {
		lastOf[c.msg] = c.queue
		if sel == nil {
			require.True(t, inList[c.queue], "selector call %d (message %d) picked %s, not in the publish list", k, c.msg, c.queue)
			continue
		}
		q, err := sel(c.msg, c.last)
		require.NoError(t, err)
		require.Equal(t, c.queue, q.BrokerName+"/"+strconv.Itoa(int(q.QueueID)), "selector call %d (message %d, lastBrokerName %q)", k, c.msg, c.last)
	}
	require.GreaterOrEqual(t, len(real.selects), len(real.sends), "a selector call per sent message at least")
	require.Less(t, len(real.fails), count/4+1, "most sends must succeed: %v", real.fails)

	// Each SendResult: the broker stored the message on the queue the
	// selector's last call for it picked, at consecutive offsets per queue.
	got := map[string]int{}
	next := map[string]int64{}
	for k, v := range before {
		next[k] = v
	}
	msgs := make([]int, 0, len(real.sends))
	for i := range real.sends {
		msgs = append(msgs, i)
	}
	sort.Ints(msgs)
	for _, i := range msgs {
		s := real.sends[i]
		assert.Equal(t, lastOf[i], s.queue, "message %d: SendResult queue against the selector's pick", i)
		got[s.queue]++
		if len(real.fails) == 0 {
			assert.Equal(t, next[s.queue], s.offset, "message %d: queue offset on %s", i, s.queue)
		}
		next[s.queue] = s.offset + 1
	}
	// The brokers' max offsets moved by the sends' counts (a failed send
	// may still have been stored: then only bounds).
	for q, b := range before {
		delta := after[q] - b
		if len(real.fails) == 0 {
			assert.Equal(t, int64(got[q]), delta, "broker max offset of %s: after %d - before %d", q, after[q], b)
		} else {
			assert.GreaterOrEqual(t, delta, int64(got[q]), "broker max offset of %s", q)
		}
	}
	if len(real.fails) > 0 {
		t.Logf("%d of %d sends failed (%v): their selections were still compared", len(real.fails), count, real.fails)
	}
	verdict := "every pick as rmqalloc predicts"
	if model == nil {
		verdict = "every pick a queue of rmqalloc's publish list (no prediction of the draw)"
	}
	t.Logf("%s %s: %d messages, %d selector calls; publish list %s; per queue %v; broker max offsets %v -> %v: %s",
		topicName, mode, count, len(real.selects), queueNames(want), got, before, after, verdict)
	return got
}

// goRoundRobinModel is GoRoundRobin from a fresh producer (counter 0).
func goRoundRobinModel(topicName string) func(qs []alloc.MessageQueue) goSelector {
	return func(qs []alloc.MessageQueue) goSelector {
		rr := producer.NewGoRoundRobin()
		return func(_ int, last string) (alloc.MessageQueue, error) { return rr.Select(topicName, qs, last) }
	}
}

// goHashModel is GoHash with message i's sharding key keys[i].
func goHashModel(keys []string) func(qs []alloc.MessageQueue) goSelector {
	return func(qs []alloc.MessageQueue) goSelector {
		h := producer.NewGoHash(nil)
		return func(i int, _ string) (alloc.MessageQueue, error) { return h.Select(qs, keys[i]) }
	}
}

// goHashKeys are the sharding keys of the hash runs: non-ASCII, case
// pairs and many plain keys (every key non-empty: an empty one would take
// the random fallback).
func goHashKeys() []string {
	keys := []string{"ｲ", "😀", "MiXeD", "mixed", "polygenelubricants", "order-10", "order-9", "ключ", "a b"}
	for i := 0; i < 55; i++ {
		keys = append(keys, "key-"+strconv.Itoa(i*7919))
	}
	return keys
}

func testGoProducer(t *testing.T, namesrv, rrTopic, hashTopic string) {
	const n = 100
	t.Run("round_robin", func(t *testing.T) {
		t.Parallel()
		got := checkGoProducer(t, namesrv, "gop_rr", rrTopic, "rr", n, nil, goRoundRobinModel(rrTopic))
		assert.Len(t, got, 8, "every queue of the publish list got messages")
		// Random (optional, a distribution sanity check only): after the
		// round robin on the same topic, 200 draws reach all 8 queues (a
		// queue missed has probability 8*(7/8)^200, about 2e-11).
		got = checkGoProducer(t, namesrv, "gop_random", rrTopic, "random", 200, nil, nil)
		assert.Len(t, got, 8, "200 random picks reach every queue")
	})
	t.Run("hash", func(t *testing.T) {
		t.Parallel()
		keys := goHashKeys()
		got := checkGoProducer(t, namesrv, "gop_hash", hashTopic, "hash", len(keys), keys, goHashModel(keys))
		assert.Greater(t, len(got), 1, "the keys spread over several queues")
	})
}

// TestGoProducerMatchesRealClientGo: rocketmq-client-go v2.1.2 producers
// on the 4.9.3 cluster, default round robin (100 messages over 3+5
// queues) and the hash selector (64 sharding keys over 4+3 queues).
//
// The Go producer tests run before the parallel ones (no t.Parallel), while
// the cluster has few clients: their 20 s or so keep out of the busiest
// phase, when a dozen client JVMs start and the name server answers late.
func TestGoProducerMatchesRealClientGo(t *testing.T) {
	testGoProducer(t, theKit.namesrv, goRRTopic, goHashTopic)
}

// TestKit5GoProducerMatchesRealClientGo: the same on kit5's 5.3.3 cluster.
func TestKit5GoProducerMatchesRealClientGo(t *testing.T) {
	if theKit.namesrv5 == "" {
		t.Skip("kit5 (RocketMQ 5.3.3) is not running: no RMQALLOC_LIVE_NAMESRV5")
	}
	testGoProducer(t, theKit.namesrv5, goRRTopic5, goHashTopic5)
}

// fakeNamesrv answers every GET_ROUTEINFO_BY_TOPIC with routeJSON (any
// other request with an empty success) on a free port of 127.0.0.1, until
// the test ends.
func fakeNamesrv(t *testing.T, routeJSON []byte) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { _ = ln.Close() })
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go func(c net.Conn) {
				defer c.Close()
				for {
					var prefix [4]byte
					if _, err := io.ReadFull(c, prefix[:]); err != nil {
						return
					}
					n, err := live.FrameLength(prefix[:])
					if err != nil {
						return
					}
					frame := make([]byte, n)
					copy(frame, prefix[:])
					if _, err := io.ReadFull(c, frame[4:]); err != nil {
						return
					}
					req, err := live.DecodeFrame(frame)
					if err != nil {
						return
					}
					resp := live.Command{Code: 0, Flag: 1, Language: "JAVA", Opaque: req.Opaque, Serialize: "JSON", Version: 399}
					if req.Code == codeGetRouteInfoByTopic {
						resp.Body = routeJSON
					}
					if _, err := c.Write(resp.Encode()); err != nil {
						return
					}
				}
			}(conn)
		}
	}()
	return ln.Addr().String()
}

// TestGoProducerPublishListOfAWideRoute: past 12 queue datas the index
// comparator's order is no plain reversal, so sorting twice is no longer
// the identity. The real producer (goproducer) asks a stand-in name server
// for a route of 20 brokers (their addresses refuse connections: the one
// message fails after its three attempts, all selected from the list) and
// the list its selector gets must be GoProducerPublishQueues, not
// GoPublishQueues. This needs no cluster, only the driver.
func TestGoProducerPublishListOfAWideRoute(t *testing.T) {
	t.Parallel()
	const topicName = "T_gop_wide"
	var r route.Route
	for i := 0; i < 20; i++ {
		b := fmt.Sprintf("wb%02d", i)
		r.QueueDatas = append(r.QueueDatas, route.QueueData{BrokerName: b, ReadQueueNums: int32(i%3 + 1), WriteQueueNums: int32(i%3 + 1), Perm: 6})
		r.BrokerDatas = append(r.BrokerDatas, route.BrokerData{Cluster: "C", BrokerName: b, BrokerAddrs: map[string]string{"0": "127.0.0.1:1"}})
	}
	body, err := json.Marshal(r)
	require.NoError(t, err)
	want, err := producer.GoProducerPublishQueues(topicName, &r)
	require.NoError(t, err)
	once, err := producer.GoPublishQueues(topicName, &r)
	require.NoError(t, err)
	require.NotEqual(t, queueNames(once), queueNames(want), "20 entries: two sorts differ from one")

	real := runGoProducer(t, fakeNamesrv(t, body), "gop_wide", topicName, "rr", 1, nil)
	require.Equal(t, []string{queueNames(want)}, real.lists, "the client's publish list against GoProducerPublishQueues (one routeData2PublishInfo gives %s)", queueNames(once))
	// One message, four attempts (RetryTimes defaults to 3), every retry
	// with lastBrokerName "" (sendSync's `mq :=` shadows the variable the
	// last broker is read from).
	require.Len(t, real.selects, 4, "1 + RetryTimes selector calls")
	rr := producer.NewGoRoundRobin()
	for k, c := range real.selects {
		require.Empty(t, c.last, "selector call %d: lastBrokerName", k)
		q, err := rr.Select(topicName, want, c.last)
		require.NoError(t, err)
		require.Equal(t, c.queue, q.BrokerName+"/"+strconv.Itoa(int(q.QueueID)), "selector call %d (lastBrokerName %q)", k, c.last)
	}
	t.Logf("20 queue datas, %d queues: the producer's list %s = GoProducerPublishQueues; %d selector calls as GoRoundRobin's, every lastBrokerName empty",
		len(want), queueNames(want), len(real.selects))
}
