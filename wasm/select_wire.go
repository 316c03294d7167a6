package main

import (
	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/producer"
)

// Custom values of the selection ops (internal/wireschema queues.go) that
// the other types cannot say.

// callQlist is a qlist of a request (queues.go) read for this call only:
// an inline list may be the reused buffer callQueues. t is the interned
// Topic it came from, if any; freed says the Topic was freed before the
// call (the handler names the field: list).
type callQlist struct {
	qs    []alloc.MessageQueue
	t     *topic
	freed bool
}

// readCallQlist reads a qlist (the custom callQlist).
func readCallQlist(r *reader) callQlist {
	qs, t, _, err := readCallQueueList(r, "")
	return callQlist{qs: qs, t: t, freed: freedBefore(r, err)}
}

// readKeptQlist reads a qlist into an array of its own, never the call's
// buffer (the customs keptQlist, and qlist of the full build's ops, whose
// results may hold the list).
func readKeptQlist(r *reader) callQlist {
	qs, t, _, err := readQueueList(r, "")
	return callQlist{qs: qs, t: t, freed: freedBefore(r, err)}
}

// freedBefore reports whether err, from reading a list by handle, is the
// one failure that is not malformed bytes: the handle was freed before the
// call. A custom's reader keeps it as a flag and the handler, which knows
// the field's name, reports it (callQlist.list).
func freedBefore(r *reader, err error) bool { return err != nil && r.err == nil }

// list is the queue list, or field's Topic-disposed error.
func (a callQlist) list(field string) ([]alloc.MessageQueue, error) {
	if a.freed {
		return nil, disposed(field + " (a Topic)")
	}
	return a.qs, nil
}

// ref is the answer naming qs[i] as a ref into the list JS sent.
func (a callQlist) ref(i int) queueRef {
	return queueRef{v: viewOf(a.qs, a.t, unsorted), qs: a.qs[i : i+1]}
}

// refOf is the answer naming q, a queue of the list, as a ref into it.
func (a callQlist) refOf(q alloc.MessageQueue) queueRef {
	v := viewOf(a.qs, a.t, unsorted)
	i := v.find(&q, nil)
	return queueRef{v: v, qs: v.qs[i : i+1]}
}

// queueRef is one queue answered as a refs list into the view v (nil:
// written out in full).
type queueRef struct {
	v  *view
	qs []alloc.MessageQueue
}

// writeQueueRef writes a queueRef (the custom queueRef).
func writeQueueRef(w *writer, q queueRef) { writeRefs(w, q.v, q.qs) }

// readHashArg reads the hash selector's argument (the custom hashArg):
// u8 argString | argInt | argLong, then the value.
func readHashArg(r *reader) producer.HashKey {
	switch r.u8() {
	case argString:
		return producer.StringKey(r.str())
	case argInt:
		return producer.IntKey(r.i32())
	case argLong:
		return producer.LongKey(r.i64())
	}
	r.fail()
	return 0
}
