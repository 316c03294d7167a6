package route_test

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc/route"
)

// route.Parse reads every route of the conformance vectors (standard JSON,
// odd broker names and keys included) exactly as encoding/json does.
func TestParseMatchesEncodingJSON(t *testing.T) {
	n := 0
	for _, file := range []string{"../../testdata/java-4.9.3/select.cases.jsonl", "../../testdata/java-5.3.3/select.cases.jsonl"} {
		f, err := os.Open(file)
		require.NoError(t, err)
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<26)
		for sc.Scan() {
			var c struct {
				ID    string          `json:"id"`
				Op    string          `json:"op"`
				Route json.RawMessage `json:"route"`
			}
			require.NoError(t, json.Unmarshal(sc.Bytes(), &c))
			if c.Op != "routeToQueues" || len(c.Route) == 0 {
				continue
			}
			var want route.Route
			wantErr := json.Unmarshal(c.Route, &want)
			got, err := route.Parse(string(c.Route))
			if wantErr != nil {
				assert.Error(t, err, c.ID)
				continue
			}
			require.NoError(t, err, c.ID)
			assert.Equal(t, want, *got, c.ID)
			n++
		}
		require.NoError(t, sc.Err())
		f.Close()
	}
	require.Positive(t, n)
	t.Logf("%d routes compared", n)
}
