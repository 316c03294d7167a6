//go:build rmqfull

package main

import "github.com/rmqalloc/rmqalloc/alloc"

// Custom values of the full build's declared ops (internal/wireschema
// full.go) that the other types cannot say.

// qlistArg is a qlist of a request (queues.go) as read: the list (nil for
// Java null), or, for an interned Topic freed before the call, freed. The
// handler names the field when it takes the list (list), so one custom
// serves every field.
type qlistArg struct {
	qs    []alloc.MessageQueue
	freed bool
}

// readQlistArg reads a qlist (the custom qlistArg).
func readQlistArg(r *reader) qlistArg {
	qs, _, _, err := readQueueList(r, "")
	if err != nil && r.err == nil {
		return qlistArg{freed: true} // the one failure that is not malformed bytes
	}
	return qlistArg{qs: qs}
}

// list is the queue list, or field's Topic-disposed error.
func (a qlistArg) list(field string) ([]alloc.MessageQueue, error) {
	if a.freed {
		return nil, disposed(field + " (a Topic)")
	}
	return a.qs, nil
}
