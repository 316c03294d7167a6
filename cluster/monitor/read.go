//go:build !(js && wasm)

package monitor

import (
	"context"

	"github.com/rmqalloc/rmqalloc/cluster/live"
)

// readGroup reads one group as `doctor --namesrv` does (live.Session),
// its calls sent over the shared connections of p, all at once, within
// ctx's deadline. The answers are decoded straight into what the doctor
// reads (SnapshotDirect): the same report as from the texts, without
// rendering and parsing them again each interval.
func readGroup(ctx context.Context, p *pool, o live.Options) (*live.Snapshot, error) {
	s, err := live.NewSession(o)
	if err != nil {
		return nil, err
	}
	type answer struct {
		id    int
		frame []byte
		err   error
	}
	answers := make(chan answer)
	quit := make(chan struct{})
	defer close(quit)
	inflight := 0
	send := func(reqs []live.Request) {
		for _, r := range reqs {
			inflight++
			go func(r live.Request) {
				f, err := p.call(ctx, r.Addr, r.Frame)
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
	return s.SnapshotDirect()
}
