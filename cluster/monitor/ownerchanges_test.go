//go:build !(js && wasm)

package monitor

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// Worked example of rmqalloc_owner_changes_total over reads of one queue:
// an owner read by IP (the member's status did not come) is no change from
// the client ID on that IP, in either order; a move to another client is.
func TestOwnerChangesBareIP(t *testing.T) {
	reads := []struct {
		actual []string
		total  uint64 // the counter after the read
	}{
		{[]string{"10.0.0.1@a"}, 0},
		{[]string{"10.0.0.1"}, 0},   // the same owner by IP
		{[]string{"10.0.0.1@a"}, 0}, // and back by client ID
		{[]string{"10.0.0.1@b"}, 1}, // another client on that IP
		{[]string{"10.0.0.2"}, 2},   // another IP
		{nil, 2},                    // unknown: no change
		{[]string{"10.0.0.2@c"}, 2},
		{[]string{}, 3}, // nobody
	}
	var g groupState
	for i, r := range reads {
		rep := &doctor.Report{Topics: []doctor.TopicReport{{Topic: "T", Queues: []doctor.QueueReport{{BrokerName: "b", QueueID: 0, Actual: r.actual}}}}}
		g.absorb(rep, time.Unix(int64(i), 0), nil)
		assert.Equal(t, r.total, g.changes["T"], "read %d: %v", i, r.actual)
	}
}
