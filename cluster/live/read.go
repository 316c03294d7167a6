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
// snapshot; it keeps no state between calls. (The logic is readWith,
// drive.go, tested natively over a fake transport.)
func Read(ctx context.Context, o Options) (*Snapshot, error) {
	c, err := callerFor(o.TLS)
	if err != nil {
		return nil, err
	}
	return readWith(ctx, o, c, DefaultTimeout)
}
