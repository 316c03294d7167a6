package timsort

import (
	"bufio"
	"cmp"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The JDK-made sort vectors (testdata/FORMAT.md, "sort") are AVG
// allocations after Collections.sort(mqAll). AVG hands out contiguous
// blocks in client-ID order, so the members' results joined in that order
// are the JDK's sorted list itself (or every member has the JDK's
// IllegalArgumentException). This checks the sort alone against the JDK.

type vectorQueue [3]any // topic, brokerName, queueId

type sortCase struct {
	ID    string        `json:"id"`
	MqAll []vectorQueue `json:"mqAll"`
}

type sortResult struct {
	ID      string `json:"id"`
	Results map[string]struct {
		Queues []vectorQueue `json:"queues"`
		Error  string        `json:"error"`
	} `json:"results"`
}

type queue struct {
	topic, broker string
	id            int32
}

func toQueue(v vectorQueue) queue {
	return queue{v[0].(string), v[1].(string), int32(v[2].(float64))}
}

// compareTo is Java's MessageQueue.compareTo for the vectors' ASCII names.
func compareTo(a, b queue) int {
	if c := strings.Compare(a.topic, b.topic); c != 0 {
		return c
	}
	if c := strings.Compare(a.broker, b.broker); c != 0 {
		return c
	}
	return cmp.Compare(a.id-b.id, 0) // the int difference, wrapping
}

func readJSONL[T any](t *testing.T, path string) []T {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var v T
		require.NoError(t, json.Unmarshal(sc.Bytes(), &v))
		out = append(out, v)
	}
	require.NoError(t, sc.Err())
	return out
}

func TestJDKSortVectors(t *testing.T) {
	t.Parallel()
	for _, profile := range []string{"java-4.9.3", "java-5.3.3"} {
		dir := filepath.Join("..", "..", "testdata", profile)
		cases := readJSONL[sortCase](t, filepath.Join(dir, "sort.cases.jsonl"))
		results := readJSONL[sortResult](t, filepath.Join(dir, "sort.results.jsonl"))
		require.Len(t, results, len(cases))
		require.NotEmpty(t, cases)
		failures := 0
		for i, c := range cases {
			r := results[i]
			require.Equal(t, c.ID, r.ID)
			in := make([]queue, len(c.MqAll))
			for k, q := range c.MqAll {
				in[k] = toQueue(q)
			}
			got := slices.Clone(in)
			err := Func(got, compareTo)

			members := make([]string, 0, len(r.Results))
			for m := range r.Results {
				members = append(members, m)
			}
			slices.Sort(members)
			if r.Results[members[0]].Error != "" {
				failures++
				assert.ErrorIs(t, err, ErrContract, "%s/%s", profile, c.ID)
				continue
			}
			var want []queue
			for _, m := range members {
				for _, q := range r.Results[m].Queues {
					want = append(want, toQueue(q))
				}
			}
			require.NoError(t, err, "%s/%s", profile, c.ID)
			assert.Equal(t, want, got, "%s/%s", profile, c.ID)
		}
		assert.Positive(t, failures, "%s: the vectors include the JDK's failure", profile)
	}
}
