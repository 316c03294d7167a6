package main

import (
	"fmt"
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// BenchmarkWireAllocateAll is allocateAll as the JS package calls it on a
// group it has seen before: the topic and the client IDs by handle, AVG,
// the plan written to the response. (make bench-js runs it in Node.)
func BenchmarkWireAllocateAll(b *testing.B) {
	for _, size := range []struct{ q, c int }{{16, 4}, {20000, 1000}} {
		b.Run(fmt.Sprintf("Q=%d,C=%d", size.q, size.c), func(b *testing.B) {
			qs := make([]alloc.MessageQueue, size.q)
			for i := range qs {
				qs[i] = alloc.MessageQueue{Topic: "T", BrokerName: fmt.Sprintf("broker-%05d", i/8), QueueID: int32(i % 8)}
			}
			cids := make([]string, size.c)
			for i := range cids {
				cids[i] = fmt.Sprintf("10.0.%d.%d@cid-%05d", i/256, i%256, i)
			}
			tw := newRequest()
			inlineQueues(tw, qs)
			topic := reader{b: call(b, opTopicNew, tw.b)[1:]}
			topicID := topic.uvarint()
			cw := newRequest()
			cw.u8(cidsInline)
			cw.uvarint(uint64(len(cids)) + 1)
			for _, c := range cids {
				cw.str(c)
			}
			list := reader{b: call(b, opCidsNew, cw.b)[1:]}
			cidsID := list.uvarint()
			b.Cleanup(func() {
				delete(topics, uint32(topicID))
				delete(cidLists, uint32(cidsID))
			})
			w := newRequest()
			w.u8(clientJava493)
			w.str("AVG")
			w.u8(0)
			w.str("group")
			w.u8(qlistTopic)
			w.uvarint(topicID)
			w.u8(cidsHandle)
			w.uvarint(cidsID)
			w.bool(false)
			w.bool(false)
			if resp := call(b, opAllocateAll, w.b); resp[0] != statusOK {
				b.Fatalf("allocateAll failed: %q", resp)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				reserve(len(w.b) + 1)
				copy(reqBuf, w.b)
				ctl[4] = uint32(len(w.b))
				dispatch(opAllocateAll)
			}
		})
	}
}
