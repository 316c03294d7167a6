package alloc

import (
	"bufio"
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/internal/javalang"
)

// decodeInput turns fuzz bytes into queues and client IDs: fields split on
// "|", queues "topic/broker/id", client IDs after a ";". Any text works.
func decodeInput(data string) ([]MessageQueue, []string) {
	qpart, cpart, _ := strings.Cut(data, ";")
	var mq []MessageQueue
	for i, f := range strings.Split(qpart, "|") {
		if f == "" && i > 0 {
			continue
		}
		topic, rest, _ := strings.Cut(f, "/")
		broker, id, _ := strings.Cut(rest, "/")
		n, err := strconv.ParseInt(id, 10, 32)
		if err != nil {
			for _, r := range id {
				n = n*7 + int64(r%13)
			}
			n = int64(int32(n))
		}
		mq = append(mq, MessageQueue{Topic: topic, BrokerName: broker, QueueID: int32(n)})
	}
	var cids []string
	if cpart != "" {
		cids = strings.Split(cpart, "|")
	}
	return mq, cids
}

var fuzzSeeds = []string{
	"topic-test/broker-a/0|topic-test/broker-a/1|topic-test/broker-a/2;0|1|2",
	"topic/broker-A/0|topic/broker-A/1|topic/broker-B/3|topic/broker-C/6;Consumer1-A|Consumer2-A|Consumer3-C|Consumer4-D",
	"topic/A@broker/0|topic/A@broker/1|topic/B@broker/8|t/A@/1|t/@/2|t/A@@b/3;Consumer1-A|Consumer2-A|c1|c1",
	"t😀/ｂｒｏｋｅｒ-ｆ/2|TopicTest/broker-😀/4|订单主题/经纪人/1; |\t|\u3000|\u00a0|c1|",
	"T/broker-a/0;ｲﾝｽﾀﾝｽ-19|😀-1|🐇-0|😀-1",
	";",
	"",
}

// FuzzAllocate: no input panics; every error is an *Error with a Java
// class; the whole-group view equals the per-member calls for every
// strategy; AVG, AVG_BY_CIRCLE and CONSISTENT_HASH hand each of distinct
// queues to one member at most.
func FuzzAllocate(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, uint8(3))
	}
	for _, s := range vectorSeeds(f) {
		f.Add(s, uint8(10))
	}
	f.Fuzz(func(t *testing.T, data string, vn uint8) {
		mq, cids := decodeInput(data)
		if len(mq) > 200 || len(cids) > 50 {
			return
		}
		strategies := allStrategies(t)
		ch := ConsistentHash(int(vn % 16))
		strategies = append(strategies, ch)
		for _, sep := range []string{"-", "@", "😀"} {
			res, err := SplitResolver(sep, int(vn%3), int(vn/3%3))
			require.NoError(t, err)
			n := MachineRoomNearby(ch, res)
			strategies = append(strategies, n)
		}
		for _, s := range strategies {
			p := requirePlanMatchesAllocate(t, s, mq, cids)
			if p == nil {
				continue
			}
			_ = p.String()
			for i := range mq {
				_ = p.Owners(i)
			}
			for _, c := range cids {
				if _, err := s.Allocate("g", c+"x", mq, cids); err != nil {
					requireOurError(t, err)
				}
			}
		}
		// Each queue once for the dealing strategies on distinct queues.
		seen := map[MessageQueue]bool{}
		distinct := true
		for _, q := range mq {
			distinct = distinct && !seen[q]
			seen[q] = true
		}
		if distinct && len(mq) > 0 && len(cids) > 0 {
			for _, s := range []Strategy{Averagely(), ByCircle(), ch} {
				p, err := AllocateAll(s, "g", mq, cids)
				require.NoError(t, err)
				for i := range mq {
					owners := p.Owners(i)
					require.LessOrEqual(t, len(owners), 1, "%s: queue %v has owners %v", s.Name(), mq[i], owners)
				}
			}
		}
	})
}

// FuzzSplitPiece: the resolver's allocation-free field lookup agrees with
// Java's split.
func FuzzSplitPiece(f *testing.F) {
	f.Add("broker-A", "-", 1)
	f.Add("A@@b@", "@", 2)
	f.Add("中-😀--", "-", 1)
	f.Add("", "#", 0)
	f.Fuzz(func(t *testing.T, s, sep string, k int) {
		if utf8.RuneCountInString(sep) != 1 || !utf8.ValidString(sep) {
			return
		}
		k %= 8
		pieces := javalang.Split(s, sep) // checked against its definition in javalang
		got, ok := splitPiece(s, sep, k)
		wantOK := k >= 0 && k < len(pieces)
		require.False(t, ok != wantOK || (ok && got != pieces[k]), "splitPiece(%q, %q, %d) = %q, %v; pieces %q", s, sep, k, got, ok, pieces)
	})
}

// vectorSeeds encodes the inputs of the Java allocate vectors (those whose
// strings avoid the encoding's separators) for decodeInput.
func vectorSeeds(f *testing.F) []string {
	file, err := os.Open("../testdata/java-4.9.3/alloc.cases.jsonl")
	if err != nil {
		f.Logf("no vector seeds: %v", err)
		return nil
	}
	defer file.Close()
	var seeds []string
	sc := bufio.NewScanner(file)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var c struct {
			MqAll  [][3]any `json:"mqAll"`
			CidAll []any    `json:"cidAll"`
		}
		if json.Unmarshal(sc.Bytes(), &c) != nil {
			continue
		}
		var b strings.Builder
		ok := true
		clean := func(v any) string {
			s, _ := v.(string)
			if strings.ContainsAny(s, "/|;") {
				ok = false
			}
			return s
		}
		for i, q := range c.MqAll {
			if i > 0 {
				b.WriteByte('|')
			}
			id, _ := q[2].(float64)
			b.WriteString(clean(q[0]) + "/" + clean(q[1]) + "/" + strconv.Itoa(int(id)))
		}
		b.WriteByte(';')
		for i, cid := range c.CidAll {
			if i > 0 {
				b.WriteByte('|')
			}
			b.WriteString(clean(cid))
		}
		if ok {
			seeds = append(seeds, b.String())
		}
	}
	return seeds
}
