//go:build !(js && wasm)

package monitor

import (
	"context"

	"github.com/rmqalloc/rmqalloc/cluster/live"
)

// readGroup reads one group as `doctor --namesrv` does (live.Session),
// its calls sent over the shared connections of p, all at once, within
// ctx's deadline.
func readGroup(ctx context.Context, p *pool, o live.Options) (*live.Snapshot, error) {
	s, err := live.NewSession(o)
	if err != nil {
		return nil, err
	}
	return live.Drive(s, func(r live.Request) ([]byte, error) { return p.call(ctx, r.Addr, r.Frame) })
}
