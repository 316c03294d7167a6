//go:build !(js && wasm)

package live

import (
	"context"
	"time"
)

// DefaultTimeout bounds a whole read when the context has no deadline.
const DefaultTimeout = 5 * time.Second

// Read reads group o.Group from the cluster at o.NameServer: the calls
// mqadmin topicRoute, consumerConnection, consumerProgress -s true and
// consumerStatus make, over TCP, each on its own connection, as many at a
// time as the session allows. The whole read ends by ctx's deadline
// (DefaultTimeout when it has none). Read may be called again for a new
// snapshot; it keeps no state between calls.
func Read(ctx context.Context, o Options) (*Snapshot, error) {
	s, err := NewSession(o)
	if err != nil {
		return nil, err
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, DefaultTimeout)
		defer cancel()
	}
	type answer struct {
		id    int
		frame []byte
		err   error
	}
	// Every call ends by the deadline (call honours ctx) and delivers its
	// answer; quit frees those still running when the read fails early.
	answers := make(chan answer)
	quit := make(chan struct{})
	defer close(quit)
	inflight := 0
	send := func(reqs []Request) {
		for _, r := range reqs {
			inflight++
			go func(r Request) {
				f, err := call(ctx, r.Addr, r.Frame)
				select {
				case answers <- answer{r.ID, f, err}:
				case <-quit:
				}
			}(r)
		}
	}
	send(s.Start())
	for inflight > 0 {
		a := <-answers
		inflight--
		next, err := s.Handle(a.id, a.frame, a.err)
		if err != nil {
			return nil, err
		}
		send(next)
	}
	return s.Snapshot()
}
