package alloc

import (
	"bytes"
	"math"
	"strconv"

	"github.com/rmqalloc/rmqalloc/alloc/internal/md5"
	"github.com/rmqalloc/rmqalloc/internal/javalang"
)

// DefaultVirtualNodeCnt is the number of virtual nodes per consumer that
// Java's AllocateMessageQueueConsistentHash uses by default.
const DefaultVirtualNodeCnt = 10

// MaxRingNodes bounds len(cidAll) × virtualNodeCnt: a larger ring is
// refused with an error (Java would try to build it and likely run out of
// memory; the WebAssembly module would be killed).
const MaxRingNodes = 1 << 22

// HashFunc is Java's HashFunction for CONSISTENT_HASH: it maps a virtual
// node's key ("cid-k") or a queue's display string to a ring position.
// Positions compare as signed 64-bit integers (Java's Long keys of a
// TreeMap).
type HashFunc func(key string) int64

// ConsistentHash is Java's AllocateMessageQueueConsistentHash, named
// "CONSISTENT_HASH", with the default MD5 hash. Every call builds a ring:
// for each consumer in cidAll order, virtualNodeCnt virtual nodes keyed
// "cid-k" at the position "first 4 bytes of MD5(key), big-endian, unsigned"
// (a duplicate consumer adds nodes k = vn..2vn-1; an equal position
// replaces the earlier node). A queue goes to the node at the smallest
// position >= MD5 of its display string (MessageQueue.String), wrapping to
// the smallest position; each consumer gets its queues in mqAll order.
//
// Worked example (vectors case pub-0059): queues T/broker-a/0..4 and
// consumers " ", "\t", "\u3000", "\u00a0", "c1" with 10 virtual nodes give
// "\t" [0 1 3 4], "\u00a0" [2] and the others nothing.
//
// A negative virtualNodeCnt is Java's IllegalArgumentException
// "illegal virtualNodeCnt :N", which Java's constructor throws: the
// strategy returned is then invalid, every call over it answers that error
// and Validate reports it. 0 gives every consumer []. Results do not
// depend on the group name. A ring of more than MaxRingNodes nodes is
// refused.
func ConsistentHash(virtualNodeCnt int) Strategy {
	return ConsistentHashFunc(virtualNodeCnt, nil)
}

// ConsistentHashFunc is ConsistentHash with Java's optional custom
// HashFunction; a nil hash selects the default MD5 ring positions.
func ConsistentHashFunc(virtualNodeCnt int, hash HashFunc) Strategy {
	if virtualNodeCnt < 0 || virtualNodeCnt > math.MaxInt32 {
		return invalidStrategy{name: nameConsistentHash, err: illegalArgument("virtualNodeCnt", "illegal virtualNodeCnt :"+itoa(virtualNodeCnt))}
	}
	return consistentHashStrategy{vn: virtualNodeCnt, hash: hash}
}

type consistentHashStrategy struct {
	vn   int
	hash HashFunc // nil: MD5
}

func (consistentHashStrategy) Name() string { return nameConsistentHash }

func (s consistentHashStrategy) Allocate(_, currentCID string, mqAll []MessageQueue, cidAll []string) ([]MessageQueue, error) {
	idx, err := check(currentCID, false, mqAll, cidAll)
	if err != nil || idx < 0 {
		return none(), err
	}
	g := newGroupView("", mqAll, cidAll)
	r, err := s.ring(g)
	if err != nil {
		return nil, err
	}
	me := g.slot[idx]
	out := none()
	if r.empty() {
		return out, nil
	}
	var h hasher
	for _, q := range mqAll {
		if r.route(h.queue(s.hash, q)) == me {
			out = append(out, q)
		}
	}
	return out, nil
}

// allocateGroup builds the ring once and routes every queue once:
// O(C·vn·log(C·vn) + Q·log(C·vn)).
func (s consistentHashStrategy) allocateGroup(g *groupView) error {
	if err := g.precheck(false); err != nil {
		return err
	}
	r, err := s.ring(g)
	if err != nil {
		return err
	}
	owner := make([]int32, len(g.mqAll))
	if r.empty() {
		for i := range owner {
			owner[i] = -1 // every member gets []
		}
	} else {
		s.hashChunks(len(g.mqAll), 1, func(lo, hi int) {
			var h hasher
			for i := lo; i < hi; i++ {
				owner[i] = r.route(h.queue(s.hash, g.mqAll[i]))
			}
		})
	}
	g.gather(owner)
	return nil
}

// ring builds Java's ConsistentHashRouter over g's cidAll.
func (s consistentHashStrategy) ring(g *groupView) (ring, error) {
	c := len(g.cidAll)
	if s.vn == 0 {
		return ring{}, nil
	}
	if c > MaxRingNodes/s.vn {
		return ring{}, limit("strategy.virtualNodeCnt", "ring of "+itoa(c)+" consumers × "+itoa(s.vn)+" virtual nodes exceeds "+itoa(MaxRingNodes)+" nodes")
	}
	if len(g.members.ids) == c {
		// No duplicate: every consumer's replicas are numbered from 0.
		nodes := make([]ringNode, c*s.vn)
		s.hashChunks(c, s.vn, func(lo, hi int) {
			var h hasher
			for i := lo; i < hi; i++ {
				for k := 0; k < s.vn; k++ {
					nodes[i*s.vn+k] = ringNode{pos: h.node(s.hash, g.cidAll[i], k), member: g.slot[i]}
				}
			}
		})
		return newRing(nodes), nil
	}
	var h hasher
	nodes := make([]ringNode, 0, c*s.vn)
	// Duplicates: Java numbers a consumer's new replicas after the ring
	// entries it owns at that moment, so replacements must be replayed in
	// order.
	at := make(map[int64]int, c*s.vn)
	owned := make([]int, len(g.members.ids))
	for i, cid := range g.cidAll {
		m := g.slot[i]
		existing := owned[m]
		for k := 0; k < s.vn; k++ {
			pos := h.node(s.hash, cid, k+existing)
			if j, ok := at[pos]; ok {
				owned[nodes[j].member]--
				nodes[j].member = m
			} else {
				at[pos] = len(nodes)
				nodes = append(nodes, ringNode{pos: pos, member: m})
			}
			owned[m]++
		}
	}
	return newRing(nodes), nil
}

// hasher computes ring positions, reusing one buffer for the keys. A
// queue's display string keeps the prefix of its topic and broker from
// the queue before when they are the same (mqAll lists a broker's queues
// together): only the queue ID is written, and the MD5 skips the prefix's
// first block without comparing it.
type hasher struct {
	buf  []byte
	java []byte // buf as Java's getBytes gives it, when buf has lone surrogates
	md5  md5.Hasher

	// buf[:prefix] is "MessageQueue [topic=<topic>, brokerName=<broker>,
	// queueId=" when prefix > 0.
	topic, broker string
	prefix        int
}

// node is the position of virtual node "cid-k".
func (h *hasher) node(f HashFunc, cid string, k int) int64 {
	h.prefix = 0
	h.buf = append(h.buf[:0], cid...)
	h.buf = append(h.buf, '-')
	h.buf = strconv.AppendInt(h.buf, int64(k), 10)
	return h.pos(f, false)
}

// queue is the position of q's display string (MessageQueue.String).
func (h *hasher) queue(f HashFunc, q MessageQueue) int64 {
	same := h.prefix > 0 && q.Topic == h.topic && q.BrokerName == h.broker
	if same {
		h.buf = append(strconv.AppendInt(h.buf[:h.prefix], int64(q.QueueID), 10), ']')
	} else {
		h.buf = q.AppendString(h.buf[:0])
		h.topic, h.broker, h.prefix = q.Topic, q.BrokerName, queueStringFixed+len(q.Topic)+len(q.BrokerName)
	}
	return h.pos(f, same && h.prefix >= 64)
}

// pos is the position of buf. samePrefix: buf's first 64 bytes are those
// of the key before, whose MD5 is the last the hasher computed.
func (h *hasher) pos(f HashFunc, samePrefix bool) int64 {
	if f != nil {
		return f(string(h.buf))
	}
	if bytes.IndexByte(h.buf, 0xED) >= 0 {
		// Java's getBytes(UTF_8) turns each lone surrogate into '?'.
		h.java = javalang.AppendJavaUTF8(h.java[:0], string(h.buf))
		return int64(h.md5.First32(h.java))
	}
	if samePrefix {
		return int64(h.md5.First32SamePrefix(h.buf))
	}
	return int64(h.md5.First32(h.buf))
}

// md5Hash is the default ring position of a key: the first 4 bytes of the
// MD5 digest of its UTF-8 bytes, big-endian, as an unsigned value.
// A lone surrogate (WTF-8, see package doc) hashes as '?', as in Java.
func md5Hash(key string) int64 {
	return int64(md5.First32(javalang.AppendJavaUTF8(nil, key)))
}
