//go:build !(js && wasm)

package live_test

import (
	"context"
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/live"
)

// TestLive reads a running group: RMQALLOC_LIVE_NAMESRV=HOST:PORT and
// RMQALLOC_LIVE_GROUP=GROUP (make test-live sets them against the kit).
// The doctor's report of the live read must be the one the saved folder
// gives back.
func TestLive(t *testing.T) {
	ns, group := os.Getenv("RMQALLOC_LIVE_NAMESRV"), os.Getenv("RMQALLOC_LIVE_GROUP")
	if ns == "" || group == "" {
		t.Skip("set RMQALLOC_LIVE_NAMESRV=HOST:PORT and RMQALLOC_LIVE_GROUP=GROUP to read a running group")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	snap, err := live.Read(ctx, live.Options{NameServer: ns, Group: group})
	require.NoError(t, err)
	for _, w := range snap.Warnings {
		t.Log("warning:", w)
	}
	require.NotEmpty(t, snap.Routes)
	require.NotEmpty(t, snap.Progress)

	dir := t.TempDir()
	require.NoError(t, snap.Save(dir))
	replayed, err := live.ReadFolder(dir)
	require.NoError(t, err)
	assert.Equal(t, snap.Input(), replayed)
	if snap.Offline() {
		return // the doctor's offline report is another's part: the texts are checked
	}
	a, err := doctor.Diagnose(snap.Input())
	require.NoError(t, err)
	b, err := doctor.Diagnose(replayed)
	require.NoError(t, err)
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	assert.JSONEq(t, string(ja), string(jb))
	assert.NotEmpty(t, a.Topics)
	t.Log(a.Text())

	// callable again: a second snapshot of the same group
	again, err := live.Read(context.Background(), live.Options{NameServer: ns, Group: group})
	require.NoError(t, err)
	assert.Equal(t, snap.Group, again.Group)
}
