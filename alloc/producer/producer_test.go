package producer

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/clients"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
)

// TestSendIndexWrap: the send index passing 2^31. 4.9.3 returns abs(s):
// Integer.MIN_VALUE stays negative and clamps to position 0, and the next
// values count down; 5.3.3 masks, so it restarts at 0.
func TestSendIndexWrap(t *testing.T) {
	t.Parallel()
	mqs := testkit.Queues("a", 3) // 2147483647 % 3 == 1
	tests := []struct {
		v    alloc.JavaClient
		want []int32
	}{
		// s: 2147483647, MIN, -2147483647, -2147483646
		{alloc.Java493, []int32{1, 0, 1, 0}}, // abs: 2147483647, MIN→0, 2147483647, 2147483646
		{alloc.Java533, []int32{1, 0, 1, 2}}, // mask: 2147483647, 0, 1, 2
	}
	for _, tt := range tests {
		p, err := New(mqs, Options{Client: tt.v, StartIndex: i32(math.MaxInt32 - 1)})
		require.NoError(t, err)
		var got []int32
		for range tt.want {
			mq, err := p.Select(Attempt{})
			require.NoError(t, err)
			got = append(got, mq.QueueID)
		}
		assert.Equal(t, tt.want, got, "%v: queue IDs", tt.v)
		assert.Equal(t, int32(math.MinInt32+2), p.Index(), "%v: index after 4 increments", tt.v)
	}
}

// TestRoundRobinLastBroker: a retry skips the failed broker, one increment
// per try; if every queue is on that broker, n tries and one more pick.
func TestRoundRobinLastBroker(t *testing.T) {
	for _, v := range []alloc.JavaClient{alloc.Java493, alloc.Java533} {
		p, _ := New(testkit.Parse("a/0 a/1 b/0"), Options{Client: v, StartIndex: i32(0)})
		// index 1 → [a 1]; retry after a: index 2 → [b 0].
		mq, _ := p.Select(Attempt{})
		assert.Equal(t, testkit.Q("a", 1), mq, "%v: first", v)
		mq, _ = p.Select(After("a"))
		assert.Equal(t, testkit.Q("b", 0), mq, "%v: retry", v)
		assert.Equal(t, int32(2), p.Index(), "%v: retry index", v)
		// Retry after b: index 3 → [a 0] at once.
		mq, _ = p.Select(After("b"))
		assert.Equal(t, testkit.Q("a", 0), mq, "%v: retry after b", v)
		only, _ := New(testkit.Queues("a", 2), Options{Client: v, StartIndex: i32(0)})
		// 2 failing tries (index 1, 2) then a plain pick (index 3 → [a 1]).
		mq, _ = only.Select(After("a"))
		assert.Equal(t, testkit.Q("a", 1), mq, "%v: all on last broker", v)
		assert.Equal(t, int32(3), only.Index(), "%v: all on last broker: index", v)
	}
}

// TestLatency493AllBrokersDown: every broker unavailable in 4.9.3. The
// broker picked "at least" (lowest latency: a) overwrites a plain pick's
// list element in place, with queueId = index % writeQueueNums; later
// selects see the rewritten list.
func TestLatency493AllBrokersDown(t *testing.T) {
	c := &clock{}
	p, _ := New(testkit.QueuesOn(2, "a", "b"), Options{Client: alloc.Java493, LatencyFaultTolerance: true,
		Clock: c.read, StartIndex: i32(0), WorstStartIndex: i32(0)})
	p.Update("a", Outcome{Latency: 700})  // unavailable for 30 s
	p.Update("b", Outcome{Latency: 3500}) // for 180 s
	steps := []struct {
		at        int64
		want      alloc.MessageQueue
		wantQueue []alloc.MessageQueue
	}{
		// index 1: tries 1,2,3,0 all down; pick a; plain index 2 → element 2 := [a, 3%2]
		{1, testkit.Q("a", 1), []alloc.MessageQueue{testkit.Q("a", 0), testkit.Q("a", 1), testkit.Q("a", 1), testkit.Q("b", 1)}},
		// index 4: all down; plain index 5 → element 1 := [a, 6%2]
		{2, testkit.Q("a", 0), []alloc.MessageQueue{testkit.Q("a", 0), testkit.Q("a", 0), testkit.Q("a", 1), testkit.Q("b", 1)}},
		// a is back at 30000: index 7 → element 3 (b, down), then element 0.
		{30000, testkit.Q("a", 0), []alloc.MessageQueue{testkit.Q("a", 0), testkit.Q("a", 0), testkit.Q("a", 1), testkit.Q("b", 1)}},
	}
	for i, s := range steps {
		c.now = s.at
		mq, err := p.Select(Attempt{})
		require.NoError(t, err, "step %d", i)
		require.Equal(t, s.want, mq, "step %d", i)
		require.True(t, slices.Equal(p.Queues(), s.wantQueue), "step %d: list %v, want %v", i, p.Queues(), s.wantQueue)
	}
}

// TestLatency493NoWriteQueues: the broker picked "at least" has no write
// queues in queueDatas: its fault item is dropped and a plain pick follows.
func TestLatency493NoWriteQueues(t *testing.T) {
	c := &clock{}
	p, _ := New(testkit.QueuesOn(1, "a", "b"), Options{Client: alloc.Java493, LatencyFaultTolerance: true,
		Clock: c.read, StartIndex: i32(0), WorstStartIndex: i32(0), QueueDatas: nil})
	p.Update("a", Outcome{Latency: 5000})
	p.Update("b", Outcome{Latency: 5000})
	p.Update("z", Outcome{Latency: 600}) // not in the route: writeQueueNums -1
	c.now = 1
	// index 1: both down; 3 items → half 1 → item 0 = z (lowest latency) → removed;
	// plain index 2 → [a 0].
	mq, err := p.Select(Attempt{})
	require.NoError(t, err)
	require.Equal(t, testkit.Q("a", 0), mq)
	f := p.Faults()
	require.Len(t, f, 2, "faults %v", f)
	require.Equal(t, "a", f[0].Broker, "faults %v", f)
	require.Equal(t, "b", f[1].Broker, "faults %v", f)
}

// TestLatency533: 5.3.3 honours the last broker, falls back to reachable
// brokers, then to a plain pick, and resets the index on request.
func TestLatency533(t *testing.T) {
	c := &clock{}
	resets := []int32{10, 0}
	p, _ := New(testkit.QueuesOn(2, "a", "b"), Options{Client: alloc.Java533, LatencyFaultTolerance: true,
		Clock: c.read, StartIndex: i32(0), ResetValue: func() int32 { v := resets[0]; resets = resets[1:]; return v }})
	p.Update("a", Outcome{Latency: 700})                     // down until 2000
	p.Update("b", Outcome{Latency: 3500, Unreachable: true}) // down until 6000, unreachable
	c.now = 1
	// pass 1: index 1..4, nothing available; pass 2: index 5 → [a 1], reachable.
	mq, _ := p.Select(Attempt{})
	require.Equal(t, testkit.Q("a", 1), mq, "reachable fallback")
	require.Equal(t, int32(5), p.Index(), "reachable fallback: index")
	// Retry after a: pass 1 and 2 find nothing (a is last, b unreachable): 8
	// increments, then a plain pick: index 14 → [b 0].
	mq, _ = p.Select(After("a"))
	require.Equal(t, testkit.Q("b", 0), mq, "plain fallback")
	require.Equal(t, int32(14), p.Index(), "plain fallback: index")
	c.now = 2000 // a available again
	// Reset to 10: index 11 → [b 1] down, index 12 → [a 0].
	mq, _ = p.Select(Attempt{ResetIndex: true})
	require.Equal(t, testkit.Q("a", 0), mq, "after reset")
	require.Equal(t, int32(12), p.Index(), "after reset: index")
}

type windowUpdate struct {
	at        int64
	latency   int64
	isolation bool
}

// TestWindows: 4.9.3 overwrites the window on every update, 5.3.3 only
// moves it forward; isolation counts as latency 30000 / 10000.
func TestWindows(t *testing.T) {
	t.Parallel()
	tests := []struct {
		v         alloc.JavaClient
		updates   []windowUpdate
		wantStart int64
	}{
		{alloc.Java493, []windowUpdate{{0, 16000, false}, {1000, 100, false}}, 1000},
		{alloc.Java533, []windowUpdate{{0, 16000, false}, {1000, 100, false}}, 30000},
		{alloc.Java533, []windowUpdate{{0, 600, false}, {1000, 600, false}}, 3000},
		{alloc.Java493, []windowUpdate{{5, 10, true}}, 600005},
		{alloc.Java533, []windowUpdate{{5, 10, true}}, 10005},
		{alloc.Java493, []windowUpdate{{5, -40, false}}, 5},
		{alloc.Java533, []windowUpdate{{5, -40, false}}, 0},
	}
	for i, tt := range tests {
		c := &clock{}
		p, _ := New(testkit.Queues("b", 1), Options{Client: tt.v, LatencyFaultTolerance: true, Clock: c.read})
		for _, u := range tt.updates {
			c.now = u.at
			p.Update("b", Outcome{Latency: u.latency, Isolation: u.isolation})
		}
		f := p.Faults()
		last := tt.updates[len(tt.updates)-1]
		if assert.Len(t, f, 1, "case %d (%v): faults %+v", i, tt.v, f) {
			assert.Equal(t, tt.wantStart, f[0].StartTimestamp, "case %d (%v): start", i, tt.v)
			assert.Equal(t, last.latency, f[0].Latency, "case %d (%v): latency", i, tt.v)
		}
	}
}

func TestNotAvailableDuration(t *testing.T) {
	t.Parallel()
	tests := []struct {
		latency int64
		want493 int64
		want533 int64
	}{
		{-1, 0, 0}, {549, 0, 0}, {550, 30000, 2000}, {999, 30000, 2000}, {1000, 60000, 2000},
		{1800, 60000, 5000}, {2000, 120000, 5000}, {3000, 180000, 6000}, {5000, 180000, 10000},
		{14999, 180000, 10000}, {15000, 600000, 30000}, {math.MaxInt64, 600000, 30000},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want493, notAvailableDuration(alloc.Java493, tt.latency), "4.9.3, latency %d", tt.latency)
		assert.Equal(t, tt.want533, notAvailableDuration(alloc.Java533, tt.latency), "5.3.3, latency %d", tt.latency)
	}
}

func TestUpdateWithoutFaultTolerance(t *testing.T) {
	p, _ := New(testkit.Queues("a", 1), Options{Client: alloc.Java533})
	p.Update("a", Outcome{Latency: 99999, Isolation: true, Unreachable: true})
	require.Empty(t, p.Faults(), "Update must do nothing with latency fault tolerance off")
}

func TestEmptyList(t *testing.T) {
	for _, v := range []alloc.JavaClient{alloc.Java493, alloc.Java533} {
		for _, lft := range []bool{false, true} {
			p, err := New(nil, Options{Client: v, LatencyFaultTolerance: lft, StartIndex: i32(0), Clock: func() int64 { return 0 }})
			require.NoError(t, err)
			p.Update("a", Outcome{Latency: 5000})
			for _, a := range []Attempt{{}, After("a"), {ResetIndex: true}} {
				_, err := p.Select(a)
				wantJavaError(t, err, alloc.ArithmeticException, alloc.ErrArithmetic)
			}
		}
	}
}

func TestNewErrors(t *testing.T) {
	_, err := New(testkit.Queues("a", 1), Options{Client: 7})
	wantJavaError(t, err, alloc.IllegalArgumentException, alloc.ErrInvalidArgument)
	p, err := New(testkit.Queues("a", 1), Options{})
	require.NoError(t, err)
	assert.Equal(t, alloc.Java493, p.Client(), "the zero Options are 4.9.3's")
	_, err = clients.ParseJava("4.9.4")
	assert.Error(t, err, "4.9.4 accepted")
	for _, v := range []alloc.JavaClient{alloc.Java493, alloc.Java533} {
		got, err := clients.ParseJava(v.Name())
		require.NoError(t, err, v.Name())
		assert.Equal(t, v, got, "clients.ParseJava(%q)", v.Name())
	}
}

func TestNewCopiesInput(t *testing.T) {
	mqs := testkit.Queues("a", 2)
	p, _ := New(mqs, Options{Client: alloc.Java533})
	mqs[0].BrokerName = "changed"
	require.Equal(t, "a", p.Queues()[0].BrokerName, "Producer must own a copy of the queue list")
	p.Queues()[1].BrokerName = "changed"
	require.Equal(t, "a", p.Queues()[1].BrokerName, "Queues must return a copy")
}

// TestRoundRobinVisitsEveryQueue (property): with no broker excluded, n
// consecutive sends visit every queue once — away from the 2^31 wrap, where
// TestSendIndexWrap shows both versions jump.
func TestRoundRobinVisitsEveryQueue(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		n := 1 + rng.IntN(40)
		mqs := testkit.Queues("a", n)
		start := rng.Int32N(math.MaxInt32 - 64)
		if rng.IntN(2) == 0 {
			start = -start // 5.3.3 masks negative values too
		}
		for _, v := range []alloc.JavaClient{alloc.Java493, alloc.Java533} {
			if v == alloc.Java493 && start < 0 {
				continue // abs() makes 4.9.3 count down there: covered by worked examples
			}
			p, _ := New(mqs, Options{Client: v, StartIndex: &start})
			seen := make([]bool, n)
			for range n {
				mq, err := p.Select(Attempt{})
				require.NoError(t, err, "%v start %d n %d", v, start, n)
				require.False(t, seen[mq.QueueID], "%v start %d n %d: %v twice", v, start, n, mq)
				seen[mq.QueueID] = true
			}
		}
	}
}

// TestUnavailableNeverPicked (property): with latency fault tolerance on,
// an unavailable broker is never picked while an available one exists
// (away from the 2^31 wrap), in both versions.
func TestUnavailableNeverPicked(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	brokers := []string{"a", "b", "c", "d", "e"}
	for range 500 {
		var mqs []alloc.MessageQueue
		for _, b := range brokers[:1+rng.IntN(len(brokers))] {
			mqs = append(mqs, testkit.Queues(b, 1+rng.IntN(4))...)
		}
		start := rng.Int32N(math.MaxInt32 - 1000)
		for _, v := range []alloc.JavaClient{alloc.Java493, alloc.Java533} {
			c := &clock{}
			p, _ := New(mqs, Options{Client: v, LatencyFaultTolerance: true, Clock: c.read, StartIndex: &start})
			down := map[string]bool{}
			for _, b := range brokers {
				if rng.IntN(2) == 0 {
					down[b] = true
					p.Update(b, Outcome{Latency: 600 + rng.Int64N(20000), Isolation: rng.IntN(3) == 0})
				} else {
					p.Update(b, Outcome{Latency: rng.Int64N(550)})
				}
			}
			anyUp := slices.ContainsFunc(mqs, func(m alloc.MessageQueue) bool { return !down[m.BrokerName] })
			c.now = 1
			for range 10 {
				mq, err := p.Select(Attempt{})
				require.NoError(t, err)
				require.False(t, anyUp && down[mq.BrokerName], "%v: picked down broker %s, down %v, queues %v", v, mq.BrokerName, down, mqs)
			}
		}
	}
}

// FuzzProducer drives a Producer with arbitrary operations: it must never
// panic, fail only on an empty list, and return a queue of its list.
func FuzzProducer(f *testing.F) {
	f.Add([]byte{0, 3, 1, 2, 3, 4, 5}, int32(0), true, false)
	f.Add([]byte{9, 9, 9, 200, 17, 33}, int32(math.MaxInt32), true, true)
	f.Add([]byte{}, int32(math.MinInt32), false, true)
	f.Fuzz(func(t *testing.T, ops []byte, start int32, lft, v5 bool) {
		v := alloc.Java493
		if v5 {
			v = alloc.Java533
		}
		brokers := []string{"a", "b", "c", ""}
		n := 0
		if len(ops) > 0 {
			n = int(ops[0] % 9)
			ops = ops[1:]
		}
		var mqs []alloc.MessageQueue
		for i := range n {
			mqs = append(mqs, testkit.Q(brokers[i%3], int32(i)))
		}
		c := &clock{}
		p, err := New(mqs, Options{Client: v, LatencyFaultTolerance: lft, Clock: c.read, StartIndex: &start,
			WorstStartIndex: &start, ResetValue: func() int32 { return start ^ 0x5555 }})
		require.NoError(t, err)
		for i := 0; i+1 < len(ops); i += 2 {
			op, arg := ops[i], ops[i+1]
			c.now += int64(arg) * 97
			switch op % 4 {
			case 0:
				p.Update(brokers[arg%4], Outcome{Latency: int64(int8(arg)) * 150, Isolation: arg&1 == 1, Unreachable: arg&2 != 0})
			default:
				a := Attempt{ResetIndex: op&8 != 0}
				if op%4 == 2 {
					a = After(brokers[arg%4])
				}
				mq, err := p.Select(a)
				if n == 0 {
					wantJavaError(t, err, alloc.ArithmeticException, alloc.ErrArithmetic)
					continue
				}
				require.NoError(t, err, "select")
				require.True(t, slices.Contains(p.Queues(), mq), "select: %v, list %v", mq, p.Queues())
			}
		}
	})
}
