//go:build !(js && wasm)

package live

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestRecord re-records testdata/kit/frames from a running kit with group
// G_LIVE on topic T_LIVE (clients 127.0.0.1@c1, c2, c3):
// RMQALLOC_RECORD=testdata/kit/frames go test -run TestRecord ./cluster/live
// (inside the kit's network namespace). The committed recording leaves
// c2's answer out on purpose: the tests use it as the client that does not
// answer.
func TestRecord(t *testing.T) {
	dir := os.Getenv("RMQALLOC_RECORD")
	if dir == "" {
		t.Skip("set RMQALLOC_RECORD=DIR to record the kit's answers")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	run := func(c1 string) map[string]string {
		return map[string]string{"consumerGroup": "G_LIVE", "clientId": c1, "jstackEnable": "false"}
	}
	for i, r := range []struct {
		name, addr string
		code       int
		ext        map[string]string
	}{
		{"route", "127.0.0.1:9876", codeGetRouteInfoByTopic, map[string]string{"topic": "T_LIVE"}},
		{"route-retry", "127.0.0.1:9876", codeGetRouteInfoByTopic, map[string]string{"topic": "%RETRY%G_LIVE"}},
		{"route-missing", "127.0.0.1:9876", codeGetRouteInfoByTopic, map[string]string{"topic": "T_NOPE"}},
		{"connection", "127.0.0.1:10911", codeGetConsumerConnectionList, map[string]string{"consumerGroup": "G_LIVE"}},
		{"connection-offline", "127.0.0.1:10911", codeGetConsumerConnectionList, map[string]string{"consumerGroup": "G_NOPE"}},
		{"stats-a", "127.0.0.1:10911", codeGetConsumeStats, map[string]string{"consumerGroup": "G_LIVE"}},
		{"stats-b", "127.0.0.1:10921", codeGetConsumeStats, map[string]string{"consumerGroup": "G_LIVE"}},
		{"running-c1", "127.0.0.1:10921", codeGetConsumerRunningInfo, run("127.0.0.1@c1")},
		{"running-c3", "127.0.0.1:10921", codeGetConsumerRunningInfo, run("127.0.0.1@c3")},
		{"running-none", "127.0.0.1:10921", codeGetConsumerRunningInfo, run("127.0.0.1@zz")},
	} {
		f, err := call(ctx, r.addr, newRequest(r.code, int32(i+1), r.ext).Encode())
		require.NoError(t, err, r.name)
		_, err = DecodeFrame(f)
		require.NoError(t, err, r.name)
		require.NoError(t, os.WriteFile(filepath.Join(dir, r.name+".frame"), f, 0o644))
	}
}
