package conformance

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGoClientWireRules checks the go-client profile's wire rules of
// FORMAT.md on hand-written cases: no name, null cids as "", a panic as
// {"error":"panic"}, a negative virtualNodeCnt as [] for everyone, CONFIG's
// null list kept null.
func TestGoClientWireRules(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{`{"id":"a","op":"allocate","strategy":{"name":"AVG"},"group":"g","mqAll":[["T","b",0],["T","b",1]],"cidAll":[null,"c1"],"currentCIDs":["c1",null,""],"sortFirst":false}`,
			`{"id":"a","results":{"c1":{"queues":[["T","b",1]]},"<null>":{"queues":[]},"":{"queues":[]}}}`},
		{`{"id":"b","op":"allocate","strategy":{"name":"CONSISTENT_HASH","virtualNodeCnt":0},"group":"g","mqAll":[["T","b",0]],"cidAll":["c1"],"currentCIDs":["c1","x"],"sortFirst":false}`,
			`{"id":"b","results":{"c1":{"error":"panic","message":""},"x":{"queues":[]}}}`},
		{`{"id":"c","op":"allocate","strategy":{"name":"CONSISTENT_HASH","virtualNodeCnt":-3},"group":"g","mqAll":[["T","b",0]],"cidAll":["c1"],"currentCIDs":["c1"],"sortFirst":true}`,
			`{"id":"c","results":{"c1":{"queues":[]}}}`},
		{`{"id":"d","op":"allocate","strategy":{"name":"CONFIG"},"group":"g","mqAll":null,"cidAll":null,"currentCIDs":["c1"],"sortFirst":true}`,
			`{"id":"d","results":{"c1":{"queues":null}}}`},
		{`{"id":"e","op":"allocate","strategy":{"name":"MACHINE_ROOM_NEARBY","inner":{"name":"CONSISTENT_HASH"}},"group":"g","mqAll":[["T","x-A",0],["T","x-B",1]],"cidAll":["c-B","c-A"],"currentCIDs":["c-A"],"sortFirst":true}`,
			`{"id":"e","results":{"c-A":{"queues":[["T","x-A",0]]}}}`},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		err := Run("go-client-2.1.2", strings.NewReader(tt.in), &out)
		require.NoError(t, err)
		assert.Empty(t, Diff([]byte(tt.want), bytes.TrimSpace(out.Bytes())), "%s: got %s", tt.in[:20], out.String())
	}
	var out bytes.Buffer
	err := Run("go-client-2.1.2", strings.NewReader(`{"id":"z","op":"allocate","strategy":{"name":"NOPE"},"mqAll":[],"cidAll":[],"currentCIDs":[]}`), &out)
	assert.False(t, err == nil || !strings.Contains(err.Error(), "strategy.name"), "unknown strategy: %v", err)
}
