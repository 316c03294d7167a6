package live

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// driveOrdered drives a session through call, answering the outstanding
// requests newest first (lifo) or oldest first: the order answers arrive
// in on a real network is any.
func driveOrdered(t *testing.T, o Options, call caller, lifo bool) error {
	t.Helper()
	s, err := NewSession(o)
	require.NoError(t, err)
	queue := s.Start()
	for len(queue) > 0 {
		r := queue[0]
		if lifo {
			r = queue[len(queue)-1]
			queue = queue[:len(queue)-1]
		} else {
			queue = queue[1:]
		}
		f, terr := call(context.Background(), r.Addr, r.Frame)
		next, err := s.Handle(r.ID, f, terr)
		if err != nil {
			return err
		}
		queue = append(queue, next...)
	}
	_, err = s.Snapshot()
	return err
}

// A read every broker refuses ends with the same line whichever answer
// comes first: the refusal of the first request in the read's order
// (the connections before the consume stats), so both builds, and two
// runs of one, say the same.
func TestRefusalLineIsStable(t *testing.T) {
	for _, style := range []string{"4", "5"} {
		srv := &aclServer{t: t, accounts: map[string]string{"reader": "s"}, style: style}
		o := Options{NameServer: "127.0.0.1:9876", Group: "G_LIVE", Location: time.UTC}
		fifo := driveOrdered(t, o, srv.caller(), false)
		lifo := driveOrdered(t, o, srv.caller(), true)
		require.Error(t, fifo)
		require.Error(t, lifo)
		assert.Equal(t, fifo.Error(), lifo.Error(), "ACL %s.0", style)
		assert.Contains(t, fifo.Error(), "refused GET_CONSUMER_CONNECTION_LIST", "ACL %s.0", style)
	}
}
