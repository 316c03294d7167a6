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
	if err := live.Drive(s, func(r live.Request) ([]byte, error) { return p.call(ctx, r.Addr, r.Frame) }); err != nil {
		return nil, err
	}
	return s.SnapshotDirect()
}
