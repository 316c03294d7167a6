package alloc

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// queues builds queues topic/broker/id for each id.
func queues(topic, broker string, ids ...int) []MessageQueue {
	out := make([]MessageQueue, len(ids))
	for i, id := range ids {
		out[i] = MessageQueue{Topic: topic, BrokerName: broker, QueueID: int32(id)}
	}
	return out
}

func seq(lo, hi int) []int {
	var out []int
	for i := lo; i < hi; i++ {
		out = append(out, i)
	}
	return out
}

// want is one member's expected outcome: queues, or an error class.
type want struct {
	queues []MessageQueue
	class  string
}

func checkAllocations(t *testing.T, s Strategy, mqAll []MessageQueue, cidAll []string, wants map[string]want) {
	t.Helper()
	for cid, w := range wants {
		got, err := s.Allocate("group", cid, mqAll, cidAll)
		if w.class != "" {
			assert.Equal(t, w.class, JavaClassOf(err), "%s %q: error %v", s.Name(), cid, err)
			continue
		}
		if assert.NoError(t, err, "%s %q", s.Name(), cid) {
			assert.Equal(t, w.queues, got, "%s %q", s.Name(), cid)
		}
	}
	requirePlanMatchesAllocate(t, s, mqAll, cidAll)
}

func TestAveragely(t *testing.T) {
	t.Run("10 queues 4 consumers: 3,3,2,2", func(t *testing.T) {
		mq := queues("topic-test", "broker-a", seq(0, 10)...)
		checkAllocations(t, Averagely(), mq, []string{"c0", "c1", "c2", "c3"}, map[string]want{
			"c0": {queues: mq[0:3]}, "c1": {queues: mq[3:6]}, "c2": {queues: mq[6:8]}, "c3": {queues: mq[8:10]},
			"c4": {queues: []MessageQueue{}}, "": {class: IllegalArgumentException},
		})
	})
	t.Run("fewer queues than consumers", func(t *testing.T) {
		mq := queues("T", "b", 0, 1)
		checkAllocations(t, Averagely(), mq, []string{"c0", "c1", "c2"}, map[string]want{
			"c0": {queues: mq[0:1]}, "c1": {queues: mq[1:2]}, "c2": {queues: []MessageQueue{}},
		})
	})
	t.Run("duplicate cid: later slot belongs to nobody", func(t *testing.T) {
		mq := queues("T", "broker-a", 0, 1, 2, 3, 4)
		checkAllocations(t, Averagely(), mq, []string{"c1", "c2", "c1", "c3"}, map[string]want{
			"c1": {queues: mq[0:2]}, "c2": {queues: mq[2:3]}, "c3": {queues: mq[4:5]},
		})
	})
	t.Run("rebalance sort of IP client IDs", func(t *testing.T) {
		mq := queues("topic-test", "broker-a", seq(0, 6)...)
		cids := SortedClientIDs([]string{"192.168.1.9:12347", "192.168.1.11:12346", "192.168.1.10:12345"})
		require.Equal(t, []string{"192.168.1.10:12345", "192.168.1.11:12346", "192.168.1.9:12347"}, cids, "sorted")
		checkAllocations(t, Averagely(), mq, cids, map[string]want{
			"192.168.1.10:12345": {queues: mq[0:2]}, "192.168.1.11:12346": {queues: mq[2:4]}, "192.168.1.9:12347": {queues: mq[4:6]},
		})
	})
}

func TestByCircle(t *testing.T) {
	mq := queues("topic-test", "broker-a", seq(0, 8)...)
	pick := func(ids ...int) []MessageQueue { return queues("topic-test", "broker-a", ids...) }
	checkAllocations(t, ByCircle(), mq, []string{"0", "1", "2"}, map[string]want{
		"0": {queues: pick(0, 3, 6)}, "1": {queues: pick(1, 4, 7)}, "2": {queues: pick(2, 5)},
		"3": {queues: []MessageQueue{}}, "": {class: IllegalArgumentException},
	})
}

func TestCommonChecks(t *testing.T) {
	t.Parallel()
	mq := queues("T", "broker-a", 0, 1)
	for _, s := range []Strategy{Averagely(), ByCircle(), ByMachineRoom(nil), mustCH(t, 10), mustNearby(t)} {
		for _, tt := range []struct {
			cid    string
			mq     []MessageQueue
			cids   []string
			field  string
			substr string
		}{
			{"", mq, []string{"c"}, "currentCID", "currentCID is empty"},
			{"c", nil, []string{"c"}, "mqAll", "mqAll is null or mqAll empty"},
			{"c", []MessageQueue{}, []string{"c"}, "mqAll", "mqAll is null or mqAll empty"},
			{"c", mq, nil, "cidAll", "cidAll is null or cidAll empty"},
			{"", nil, nil, "currentCID", "currentCID is empty"}, // check 1 comes first
		} {
			_, err := s.Allocate("g", tt.cid, tt.mq, tt.cids)
			var e *Error
			assert.False(t, !errors.As(err, &e) || e.Field != tt.field || e.Msg != tt.substr || e.JavaClass != IllegalArgumentException || !errors.Is(err, ErrInvalidArgument), "%s(%q, %v, %q): %#v, want %s %q", s.Name(), tt.cid, tt.mq, tt.cids, err, tt.field, tt.substr)
		}
		got, err := s.Allocate("g", "ghost", mq, []string{"c"})
		assert.False(t, err != nil || got == nil || len(got) != 0, "%s non-member: %v, %v; want [] (non-nil)", s.Name(), got, err)
	}
}

func TestByConfig(t *testing.T) {
	list := queues("T", "broker-b", 2, 5)
	s := ByConfig(list)
	list[0].QueueID = 99 // the strategy keeps its own copy
	mq := queues("T", "broker-a", 0)
	checkAllocations(t, s, mq, []string{"c1"}, map[string]want{
		"c1": {queues: queues("T", "broker-b", 2, 5)}, "ghost": {queues: queues("T", "broker-b", 2, 5)}, "": {queues: queues("T", "broker-b", 2, 5)},
	})
	got, err := ByConfig(nil).Allocate("g", "", nil, nil)
	assert.False(t, err != nil || got != nil, "CONFIG without list = %#v, %v; want nil (Java null)", got, err)
	got, _ = ByConfig([]MessageQueue{}).Allocate("g", "", nil, nil)
	assert.False(t, got == nil || len(got) != 0, "CONFIG with an empty list = %#v; want non-nil []", got)
}

func TestByMachineRoom(t *testing.T) {
	// Seed C: A@broker 0..7, B@broker 8..10.
	mq := append(queues("topic", "A@broker", seq(0, 8)...), queues("topic", "B@broker", 8, 9, 10)...)
	cids := []string{"Consumer1-A", "Consumer2-A", "Consumer3-C"}
	a := func(ids ...int) []MessageQueue { return queues("topic", "A@broker", ids...) }
	b := func(ids ...int) []MessageQueue { return queues("topic", "B@broker", ids...) }
	t.Run("A", func(t *testing.T) {
		checkAllocations(t, ByMachineRoom([]string{"A"}), mq, cids, map[string]want{
			"Consumer1-A": {queues: a(0, 1, 6)}, "Consumer2-A": {queues: a(2, 3, 7)}, "Consumer3-C": {queues: a(4, 5)},
			"Consumer9-Z": {queues: []MessageQueue{}}, " ": {class: IllegalArgumentException},
		})
	})
	t.Run("B", func(t *testing.T) {
		checkAllocations(t, ByMachineRoom([]string{"B"}), mq, cids, map[string]want{
			"Consumer1-A": {queues: b(8)}, "Consumer2-A": {queues: b(9)}, "Consumer3-C": {queues: b(10)},
		})
	})
	t.Run("AB", func(t *testing.T) {
		checkAllocations(t, ByMachineRoom([]string{"A", "B"}), mq, cids, map[string]want{
			"Consumer1-A": {queues: append(a(0, 1, 2), b(9)...)},
			"Consumer2-A": {queues: append(a(3, 4, 5), b(10)...)},
			"Consumer3-C": {queues: append(a(6, 7), b(8)...)},
		})
	})
	t.Run("broker name forms", func(t *testing.T) {
		mq := []MessageQueue{{"T", "A@", 0}, {"T", "@", 1}, {"T", "A@@b", 2}, {"T", "@b", 3}, {"T", "A@b@", 4}, {"T", "A", 5}}
		checkAllocations(t, ByMachineRoom([]string{"A", ""}), mq, []string{"c"}, map[string]want{
			"c": {queues: []MessageQueue{{"T", "@b", 3}, {"T", "A@b@", 4}}},
		})
	})
	t.Run("blank cid by version", func(t *testing.T) {
		mq := queues("T", "A@broker-a", seq(0, 5)...)
		cids := []string{" ", "\t", "\u3000", "\u00a0", "c1"}
		checkAllocations(t, ByMachineRoom([]string{"A"}), mq, cids, map[string]want{
			" ": {class: IllegalArgumentException}, "\t": {class: IllegalArgumentException}, "\u3000": {class: IllegalArgumentException},
			"\u00a0": {queues: mq[3:4]}, "c1": {queues: mq[4:5]},
		})
		checkAllocations(t, byMachineRoom([]string{"A"}, Java533), mq, cids, map[string]want{
			" ": {queues: mq[0:1]}, "\t": {queues: mq[1:2]}, "\u3000": {queues: mq[2:3]}, "\u00a0": {queues: mq[3:4]},
			"": {class: IllegalArgumentException},
		})
	})
}

func mustCH(t testing.TB, vn int) Strategy {
	t.Helper()
	s := ConsistentHash(vn)
	return s
}

func mustNearby(t testing.TB) Strategy {
	t.Helper()
	res, err := SplitResolver("-", 1, 1)
	require.NoError(t, err)
	s := MachineRoomNearby(Averagely(), res)
	return s
}

func TestConsistentHash(t *testing.T) {
	mq := queues("T", "broker-a", seq(0, 5)...)
	t.Run("vectors pub-0059", func(t *testing.T) {
		checkAllocations(t, mustCH(t, 10), mq, []string{" ", "\t", "\u3000", "\u00a0", "c1"}, map[string]want{
			" ": {queues: []MessageQueue{}}, "\t": {queues: queues("T", "broker-a", 0, 1, 3, 4)}, "\u3000": {queues: []MessageQueue{}},
			"\u00a0": {queues: queues("T", "broker-a", 2)}, "c1": {queues: []MessageQueue{}},
		})
	})
	t.Run("no virtual nodes", func(t *testing.T) {
		checkAllocations(t, mustCH(t, 0), mq, []string{"c1", "c2"}, map[string]want{
			"c1": {queues: []MessageQueue{}}, "c2": {queues: []MessageQueue{}},
		})
	})
	t.Run("negative", func(t *testing.T) {
		s := ConsistentHash(-1)
		err := Validate(s)
		_, callErr := s.Allocate("g", "c1", mq, []string{"c1"})
		assert.False(t, callErr != err || s.Name() != "CONSISTENT_HASH", "invalid strategy: name %q, call error %v, want %v", s.Name(), callErr, err)
		_, planErr := AllocateAll(s, "g", mq, []string{"c1"})
		assert.True(t, planErr == err, "AllocateAll error %v, want %v (the same error)", planErr, err)
		var e *Error
		assert.False(t, !errors.As(err, &e) || e.JavaClass != IllegalArgumentException || e.Msg != "illegal virtualNodeCnt :-1" || e.Field != "virtualNodeCnt", "ConsistentHash(-1) error = %#v", err)
	})
	t.Run("ring too large", func(t *testing.T) {
		s := mustCH(t, MaxRingNodes)
		_, err := s.Allocate("g", "a", mq, []string{"a", "b"})
		assert.False(t, !errors.Is(err, ErrLimit) || JavaClassOf(err) != "", "huge ring: %v", err)
	})
	t.Run("custom hash", func(t *testing.T) {
		// Every key hashes to 0: all virtual nodes collide, the last one
		// put (the last consumer's) wins and takes every queue.
		s := ConsistentHashFunc(3, func(string) int64 { return 0 })
		checkAllocations(t, s, mq, []string{"c1", "c2", "c1"}, map[string]want{
			"c1": {queues: mq}, "c2": {queues: []MessageQueue{}},
		})
		// Signed order: negative positions come first.
		s = ConsistentHashFunc(1, func(k string) int64 {
			switch k {
			case "neg-0":
				return -5
			case "pos-0":
				return 5
			}
			return 3 // every queue: the smallest position >= 3 is pos's
		})
		checkAllocations(t, s, mq, []string{"neg", "pos"}, map[string]want{"pos": {queues: mq}, "neg": {queues: []MessageQueue{}}})
	})
	t.Run("duplicate consumer adds replicas", func(t *testing.T) {
		// Java numbers a consumer's new virtual nodes after those it owns.
		var keys []string
		s := ConsistentHashFunc(2, func(k string) int64 {
			keys = append(keys, k)
			return md5Hash(k)
		})
		_, err := s.Allocate("g", "c1", mq[:1], []string{"c1", "c2", "c1"})
		require.NoError(t, err)
		want := []string{"c1-0", "c1-1", "c2-0", "c2-1", "c1-2", "c1-3", queueKey(mq[0])}
		assert.True(t, slices.Equal(keys, want), "hashed keys %q, want %q", keys, want)
	})
	t.Run("replaced node lowers the replica count", func(t *testing.T) {
		// c1-0 and c2-0 collide: c2 takes the position, so c1 owns 0 nodes
		// when it comes again and numbers from 0 again.
		var keys []string
		s := ConsistentHashFunc(1, func(k string) int64 {
			keys = append(keys, k)
			if k == "c1-0" || k == "c2-0" {
				return 7
			}
			return md5Hash(k)
		})
		_, err := s.Allocate("g", "c1", mq[:1], []string{"c1", "c2", "c1"})
		require.NoError(t, err)
		want := []string{"c1-0", "c2-0", "c1-0", queueKey(mq[0])}
		assert.True(t, slices.Equal(keys, want), "hashed keys %q, want %q", keys, want)
		requirePlanMatchesAllocate(t, s, mq, []string{"c1", "c2", "c1"})
	})
}

func queueKey(q MessageQueue) string { return q.String() }

func TestMD5Hash(t *testing.T) {
	// MD5("") = d41d8cd9...: first four bytes big-endian, unsigned.
	got := md5Hash("")
	assert.False(t, got != 0xd41d8cd9, "md5Hash(\"\") = %#x", got)
	var h hasher
	q := MessageQueue{"T😀", "broker-a", -3}
	assert.Equal(t, md5Hash(q.String()), h.queue(nil, q), "queue position")
	assert.Equal(t, md5Hash("c中-12"), h.node(nil, "c中", 12), "node position")
}

// keyLen is a HashFunc that tells keys apart by length and last bytes.
func keyLen(k string) int64 { return int64(len(k))<<16 | int64(k[len(k)-2])<<8 | int64(k[len(k)-1]) }

// TestHasherSequences: one hasher fed runs of queues that share a topic
// and broker (short and long prefixes, lone surrogates), node keys in
// between, gives every key's own md5Hash: the kept prefix and the skipped
// first block never leak from one key into the next.
func TestHasherSequences(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	brokers := []string{"b", "broker-R0-00000", strings.Repeat("x", 40), strings.Repeat("y", 70), "b\xed\xa0\x80", strings.Repeat("z", 50) + "\xed\xb0\x80"}
	topics := []string{"T", "TopicTest", strings.Repeat("t", 60)}
	var h hasher
	for range 3000 {
		if r.IntN(10) == 0 {
			cid := brokers[r.IntN(len(brokers))]
			k := r.IntN(20)
			got, want := h.node(nil, cid, k), md5Hash(cid+"-"+itoa(k))
			require.False(t, got != want, "node %q-%d: %d, want %d", cid, k, got, want)
			continue
		}
		q := MessageQueue{topics[r.IntN(len(topics))], brokers[r.IntN(len(brokers))], int32(r.IntN(3000) - 5)}
		for range 1 + r.IntN(4) {
			q.QueueID += int32(r.IntN(3))
			require.Equal(t, md5Hash(q.String()), h.queue(nil, q), "queue %v", q)
			// A custom HashFunc sees the whole display string.
			require.Equal(t, keyLen(q.String()), h.queue(keyLen, q), "queue %v with a HashFunc", q)
		}
	}
}

func TestMachineRoomNearby(t *testing.T) {
	// Seed B.
	mq := append(append(queues("topic", "broker-A", 0, 1, 2), queues("topic", "broker-B", 3, 4, 5)...), queues("topic", "broker-C", 6, 7)...)
	cids := []string{"Consumer1-A", "Consumer2-A", "Consumer3-C", "Consumer4-D"}
	res, _ := SplitResolver("-", 1, 1)
	q := func(broker string, id int) MessageQueue { return MessageQueue{"topic", "broker-" + broker, int32(id)} }
	circle := MachineRoomNearby(ByCircle(), res)
	assert.False(t, circle.Name() != "MACHINE_ROOM_NEARBY-AVG_BY_CIRCLE", "name %q", circle.Name())
	checkAllocations(t, circle, mq, cids, map[string]want{
		"Consumer1-A": {queues: []MessageQueue{q("A", 0), q("A", 2), q("B", 3)}},
		"Consumer2-A": {queues: []MessageQueue{q("A", 1), q("B", 4)}},
		"Consumer3-C": {queues: []MessageQueue{q("C", 6), q("C", 7), q("B", 5)}},
		"Consumer4-D": {queues: []MessageQueue{}},
		"Consumer5-B": {queues: []MessageQueue{}}, // not a member: nothing resolved
		"":            {class: IllegalArgumentException},
	})
	avg := MachineRoomNearby(Averagely(), res)
	checkAllocations(t, avg, mq, cids, map[string]want{
		"Consumer1-A": {queues: []MessageQueue{q("A", 0), q("A", 1), q("B", 3)}},
		"Consumer2-A": {queues: []MessageQueue{q("A", 2), q("B", 4)}},
		"Consumer3-C": {queues: []MessageQueue{q("C", 6), q("C", 7), q("B", 5)}},
		"Consumer4-D": {queues: []MessageQueue{}},
	})
	t.Run("resolver failures", func(t *testing.T) {
		bad := append(slices.Clone(mq), MessageQueue{"topic", "broker", 9})
		checkAllocations(t, avg, bad, cids, map[string]want{
			"Consumer1-A": {class: ArrayIndexOutOfBoundsException}, "ghost": {queues: []MessageQueue{}},
		})
		// "Consumer9-" splits to ["Consumer9"]: no field 1.
		checkAllocations(t, avg, mq, append(slices.Clone(cids), "Consumer9-"), map[string]want{
			"Consumer1-A": {class: ArrayIndexOutOfBoundsException},
		})
		noRoom := append(slices.Clone(mq), MessageQueue{"topic", "a--b", 9}) // field 1 is ""
		_, err := avg.Allocate("g", "Consumer1-A", noRoom, cids)
		var e *Error
		assert.False(t, !errors.As(err, &e) || e.JavaClass != IllegalArgumentException || e.Field != "mqAll[8]", "empty room: %#v", err)
		requirePlanMatchesAllocate(t, avg, noRoom, cids)
	})
	t.Run("constructor", func(t *testing.T) {
		err := Validate(MachineRoomNearby(nil, res))
		assert.Equal(t, NullPointerException, JavaClassOf(err), "nil inner: %v", err)
		err = Validate(MachineRoomNearby(Averagely(), nil))
		assert.Equal(t, NullPointerException, JavaClassOf(err), "nil resolver: %v", err)
		bad := MachineRoomNearby(ConsistentHash(-2), res)
		err = Validate(bad)
		assert.Equal(t, IllegalArgumentException, JavaClassOf(err), "invalid inner: %v", err)
		assert.Equal(t, "MACHINE_ROOM_NEARBY-CONSISTENT_HASH", bad.Name(), "invalid inner")
	})
}

func TestSplitResolver(t *testing.T) {
	// Constructs whose Java meaning is not reproduced are refused up front.
	for _, sep := range []string{"(?i)a", "\\p{L}", "\\b", "a\\B", "\\X", "\\N{HYPHEN-MINUS}"} {
		_, err := SplitResolver(sep, 0, 0)
		var e *Error
		assert.False(t, !errors.As(err, &e) || e.Field != "sep" || e.JavaClass != "" || !errors.Is(err, ErrUnsupported), "SplitResolver(%q) error = %#v", sep, err)
	}
	// Patterns Java cannot compile fail each call, as Java's split does.
	for _, sep := range []string{"*", "\\", "(", "[a", "a{2,1}"} {
		r, err := SplitResolver(sep, 0, 0)
		require.NoError(t, err, sep)
		_, err = r.ConsumerDeployIn("c-A")
		assert.Equal(t, PatternSyntaxException, JavaClassOf(err), sep)
		assert.ErrorIs(t, err, ErrInvalidArgument, sep)
	}
	// Regex separators split as Java does (JDK 17 answers, see
	// testdata/java-4.9.3/split).
	regex := []struct {
		sep, s string
		field  int
		want   string // "" with wantErr: out of bounds
		class  string
	}{
		{"::", "broker::A", 1, "A", ""},
		{"->", "c->B->", 1, "B", ""},
		{"\\.", "10.0.0.1@c", 3, "1@c", ""},
		{".", "broker.A", 0, "", ArrayIndexOutOfBoundsException}, // every piece empty
		{"$", "broker$A", 1, "", ArrayIndexOutOfBoundsException}, // $ is the end: one piece
		{"$", "broker$A", 0, "broker$A", ""},
		{"|", "ab", 1, "b", ""}, // the empty alternation matches between characters
		{"[-_]", "b_A", 1, "A", ""},
		{"\\s+", "b  A", 1, "A", ""},
		{"(?<=-)", "b-A", 1, "A", ""},
	}
	for _, tt := range regex {
		r, err := SplitResolver(tt.sep, 0, tt.field)
		require.NoError(t, err, tt.sep)
		got, err := r.ConsumerDeployIn(tt.s)
		if tt.class != "" {
			assert.Equal(t, tt.class, JavaClassOf(err), "%q on %q", tt.s, tt.sep)
			continue
		}
		require.NoError(t, err, "%q on %q", tt.s, tt.sep)
		assert.Equal(t, tt.want, got, "%q on %q", tt.s, tt.sep)
	}
	r, err := SplitResolver("@", 1, 0)
	require.NoError(t, err)
	for _, tt := range []struct {
		broker, want string
		class        string
	}{
		{"A@b", "b", ""}, {"A@@b", "", ""}, {"A@", "", ArrayIndexOutOfBoundsException}, {"@", "", ArrayIndexOutOfBoundsException},
		{"A", "", ArrayIndexOutOfBoundsException}, {"x@中@", "中", ""},
	} {
		got, err := r.BrokerDeployIn(MessageQueue{BrokerName: tt.broker})
		assert.False(t, JavaClassOf(err) != tt.class || got != tt.want, "BrokerDeployIn(%q) = %q, %v; want %q %s", tt.broker, got, err, tt.want, tt.class)
	}
	neg, _ := SplitResolver("-", -1, 0)
	_, err = neg.BrokerDeployIn(MessageQueue{BrokerName: "a-b"})
	assert.Equal(t, ArrayIndexOutOfBoundsException, JavaClassOf(err), "negative field: %v", err)
}
