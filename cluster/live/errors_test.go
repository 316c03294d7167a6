package live

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The kinds' names are printed by the JSON outputs (ERR_CLUSTER's field,
// the monitor's "kind") and the monitor's metric labels: they must not move.
func TestErrorKindNames(t *testing.T) {
	names := map[error]string{
		ErrUsage: "usage", ErrNameServer: "namesrv", ErrBroker: "broker", ErrTimeout: "timeout",
		ErrUnknownGroup: "unknown-group", ErrUnknownTopic: "unknown-topic", ErrRefused: "refused", ErrProtocol: "protocol",
	}
	for k, name := range names {
		e := &Error{Kind: k, Addr: "127.0.0.1:9876", Msg: "it failed"}
		wrapped := fmt.Errorf("reading: %w", e)
		assert.Equal(t, name, KindOf(wrapped))
		assert.ErrorIs(t, wrapped, k)
		for other := range names {
			if other != k {
				assert.NotErrorIs(t, wrapped, other, "%s is not %s", name, other)
			}
		}
		assert.Equal(t, "it failed", e.Error(), "the message, not the kind, is the text")
	}
	assert.Empty(t, KindOf(errors.New("not a read")))
	assert.Empty(t, KindOf(nil))
}
