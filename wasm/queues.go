package main

import (
	"unsafe"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
)

// Queue lists on the wire.
//
// Request (qlist): u8 tag, then
//
//	0: null (Java null)
//	1: an interned topic: uvarint handle
//	2: inline: uvarint n, then n × (str topic, str brokerName, i32 queueId)
//
// Response (list of queue refs): uvarint n+1 (0 = null), then per queue a
// uvarint k: k > 0 is element k-1 of the list the operation names as base
// (JS already holds those objects), k = 0 is followed by the queue itself.
// The tags are QLIST of internal/wireschema (qlistNull, ...).

// sortOrder picks whose rebalance sort to apply.
type sortOrder int

const (
	unsorted sortOrder = iota
	javaSort           // Java's rebalance sort: the JDK's, see alloc.SortQueues
	goSort             // the Go client's byte order
)

// view is a queue list as a strategy sees it, with what it takes to answer
// with refs: perm maps a position to the index in the list JS sent (nil:
// identity); index is built on first need. err is the JDK sort's failure
// (the view is then empty and every allocation over it answers err).
type view struct {
	qs    []alloc.MessageQueue
	perm  []int32
	index map[alloc.MessageQueue]int32
	err   error
}

// topic is an interned queue list with its sorted views, built on demand.
type topic struct {
	plain  view
	sorted [3]*view
}

var (
	topics     = map[uint32]*topic{}
	nextHandle uint32
)

func newHandle() uint32 {
	nextHandle++
	return nextHandle
}

// callQueues is reused for the inline queue list of one call (allocate,
// allocateAll, select), which nothing keeps after the call: a 20,000-queue
// list is then not 800 KB of fresh garbage per call.
var callQueues []alloc.MessageQueue

// readCallQueueList is readQueueList for a list used only during this call.
func readCallQueueList(r *reader, field string) ([]alloc.MessageQueue, *topic, bool, error) {
	return readQueues(r, field, true)
}

// readQueueList reads a qlist. It returns the list and, for an interned
// topic, the topic itself (so views can be cached).
func readQueueList(r *reader, field string) ([]alloc.MessageQueue, *topic, bool, error) {
	return readQueues(r, field, false)
}

func readQueues(r *reader, field string, scratch bool) ([]alloc.MessageQueue, *topic, bool, error) {
	switch r.u8() {
	case qlistNull:
		return nil, nil, true, nil
	case qlistTopic:
		id := uint32(r.uvarint())
		t := topics[id]
		if t == nil {
			if r.err != nil {
				return nil, nil, false, r.err
			}
			return nil, nil, false, disposed(field + " (a Topic)")
		}
		return t.plain.qs, t, false, nil
	case qlistInline:
		n := r.count(3)
		var qs []alloc.MessageQueue
		if scratch && n <= cap(callQueues) {
			qs = callQueues[:n]
		} else {
			qs = make([]alloc.MessageQueue, n)
			if scratch && n > 64 {
				callQueues = qs
			}
		}
		for i := range qs {
			if r.fastQueue(&qs[i]) {
				continue
			}
			qs[i] = alloc.MessageQueue{Topic: r.str(), BrokerName: r.str(), QueueID: r.i32()}
		}
		return qs, nil, false, r.err
	}
	r.fail()
	return nil, nil, false, r.err
}

// fastQueue reads the common shape of a queue in a list (both names
// repeats of the string table with short refs, a small queue ID) without a
// call per field; false, having read nothing, for any other shape.
func (r *reader) fastQueue(q *alloc.MessageQueue) bool {
	b, p := r.b, r.p
	topic, p, ok := shortRef(b, p, r.strs)
	if !ok {
		return false
	}
	broker, p, ok := shortRef(b, p, r.strs)
	if !ok || p >= len(b) || b[p] >= 0x80 {
		return false
	}
	z := b[p]
	*q = alloc.MessageQueue{Topic: topic, BrokerName: broker, QueueID: int32(z>>1) ^ -int32(z&1)}
	r.p = p + 1
	return true
}

// shortRef decodes a repeat of string-table entry k-1 written in one or two
// varint bytes at b[p:].
func shortRef(b []byte, p int, strs []string) (string, int, bool) {
	if p >= len(b) {
		return "", p, false
	}
	k := uint(b[p])
	p++
	if k >= 0x80 {
		if p >= len(b) || b[p] >= 0x80 {
			return "", p, false
		}
		k = k&0x7f | uint(b[p])<<7
		p++
	}
	if k == 0 || k > uint(len(strs)) {
		return "", p, false
	}
	return strs[k-1], p, true
}

// viewOf is qs (or topic t's list) as seen after the requested sort.
func viewOf(qs []alloc.MessageQueue, t *topic, order sortOrder) *view {
	if t != nil {
		if order == unsorted {
			return &t.plain
		}
		if t.sorted[order] == nil {
			t.sorted[order] = sortedView(t.plain.qs, order)
		}
		return t.sorted[order]
	}
	if order == unsorted || qs == nil {
		return &view{qs: qs}
	}
	return sortedView(qs, order)
}

// sortedView sorts as the client's rebalance does: the JDK's sort for
// Java (which can fail), a stable sort in byte order for the Go client.
func sortedView(qs []alloc.MessageQueue, order sortOrder) *view {
	var perm []int32
	if order == goSort {
		perm, _ = goclient.Client.SortQueuePerm(qs) // never fails
	} else {
		var err error
		if perm, err = alloc.SortQueuePerm(qs); err != nil {
			return &view{err: err}
		}
	}
	out := make([]alloc.MessageQueue, len(qs))
	for i, p := range perm {
		out[i] = qs[p]
	}
	return &view{qs: out, perm: perm}
}

// writePerm writes the view's permutation (uvarint n, then indexes), or 0
// for the identity.
func writePerm(w *writer, v *view) {
	if v.perm == nil {
		w.uvarint(0)
		return
	}
	w.uvarint(uint64(len(v.perm)) + 1)
	for _, p := range v.perm {
		w.uvarint(uint64(p))
	}
}

var queueSize = unsafe.Sizeof(alloc.MessageQueue{})

// find is the position of q in the view: by address when q is an element
// of the view's own array (strategies often return sub-slices), else by
// value; -1 when absent. c, when not nil, remembers where the caller's last
// queue was (writeRefs); a single lookup passes nil and uses the index.
func (v *view) find(q *alloc.MessageQueue, c *refCursor) int32 {
	if len(v.qs) > 0 {
		base := uintptr(unsafe.Pointer(unsafe.SliceData(v.qs)))
		p := uintptr(unsafe.Pointer(q))
		if p >= base && p < base+uintptr(len(v.qs))*queueSize && (p-base)%queueSize == 0 {
			return int32((p - base) / queueSize)
		}
	}
	if v.index == nil {
		if c != nil {
			if i, ok := c.scan(v.qs, q); ok {
				return i
			}
		}
		v.index = make(map[alloc.MessageQueue]int32, len(v.qs))
		for i := len(v.qs) - 1; i >= 0; i-- {
			v.index[v.qs[i]] = int32(i)
		}
	}
	if i, ok := v.index[*q]; ok {
		return i
	}
	return -1
}

// refCursor finds one answer's queues in a view without its index while
// they come in the view's order, as the built-in strategies answer: the
// queue after the last one found, else a forward scan from there (twice at
// most per answer, so the cost stays linear). A per-call list of a million
// queues then costs no million-entry map, which in wasm also means no
// memory growth. With a queue repeated in the list, a ref may name a later
// position of an equal queue: JS reads refs as values, so the answer is
// the same.
type refCursor struct {
	next, scans int
}

// scan is q's position at or after c.next, if the cursor still scans.
func (c *refCursor) scan(qs []alloc.MessageQueue, q *alloc.MessageQueue) (int32, bool) {
	if c.scans < 0 {
		return 0, false
	}
	if c.next < len(qs) && qs[c.next] == *q {
		c.next++
		return int32(c.next - 1), true
	}
	if c.scans < 2 {
		c.scans++
		for i := c.next; i < len(qs); i++ {
			if qs[i] == *q {
				c.next = i + 1
				return int32(i), true
			}
		}
	}
	c.scans = -1
	return 0, false
}

// writeRefs writes qs as refs into v (nil v: every queue explicit).
func writeRefs(w *writer, v *view, qs []alloc.MessageQueue) {
	if qs == nil {
		w.uvarint(0)
		return
	}
	w.uvarint(uint64(len(qs)) + 1)
	var c refCursor
	for i := range qs {
		k := int32(-1)
		if v != nil {
			k = v.find(&qs[i], &c)
		}
		if k >= 0 {
			w.uvarint(uint64(k) + 1)
			continue
		}
		w.uvarint(0)
		writeQueue(w, qs[i])
	}
}

func writeQueue(w *writer, q alloc.MessageQueue) {
	w.str(q.Topic)
	w.str(q.BrokerName)
	w.i32(q.QueueID)
}

// readStrings reads uvarint n then n strings; nil for the null marker
// (n encoded as 0 means null, n+1 otherwise).
func readStrings(r *reader) []string {
	n := r.uvarint()
	if n == 0 {
		return nil
	}
	if n-1 > uint64(len(r.b)-r.p) {
		r.fail()
		return nil
	}
	out := make([]string, n-1)
	for i := range out {
		out[i] = r.str()
	}
	return out
}

// handleTopicNew interns a queue list (null: an empty one) as a Topic.
func handleTopicNew(req topicNewRequest) (topicNewResponse, error) {
	qs, err := req.Queues.list("queues")
	if err != nil {
		return topicNewResponse{}, err
	}
	if qs == nil {
		qs = []alloc.MessageQueue{}
	}
	id := newHandle()
	topics[id] = &topic{plain: view{qs: qs}}
	return topicNewResponse{Handle: uint64(id)}, nil
}

func handleTopicFree(req topicFreeRequest) error {
	delete(topics, uint32(req.Handle))
	return nil
}
