package doctor_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
)

// The per-topic headline counts in words a person reads: one queue is "1
// queue", and queues whose owner nobody printed are "owner unknown", not
// "not ok" (no-owner-info has no owner information at all).
func TestTextTopicHeadlines(t *testing.T) {
	cases := []struct {
		dir  string
		want []string
	}{
		{"wrong-owner", []string{
			"\nTopic pay_xxx: 36 queues, 2 not ok\n",
			"\nTopic %RETRY%cg_orders: 1 queue, 1 not ok\n",
			"  best fit: no strategy and client reproduces any of its 1 queue\n",
			"  best fit: AVG on java-4.9.3 reproduces 34 of 36 queues\n",
			"2 queues are consumed by other members than the ones whose allocate calls return them [",
			// the retry queue holds no message: information, not UNOWNED
			"[info] EMPTY_QUEUE (%RETRY%cg_orders): 1 queue owned wrongly (1 unowned) holds no message yet",
		}},
		{"no-owner-info", []string{
			"\nTopic orders: 48 queues, owners unknown\n",
			"\nTopic %RETRY%GID_pay: 1 queue, owner unknown\n",
		}},
	}
	for _, c := range cases {
		t.Run(c.dir, func(t *testing.T) {
			rep, err := doctor.Diagnose(sampleInput(t, "../../testdata/cluster/"+c.dir))
			require.NoError(t, err)
			text := rep.Text()
			flat := strings.Join(strings.Fields(text), " ") // wrapping undone
			for _, w := range c.want {
				if strings.HasPrefix(w, "\n") || strings.HasPrefix(w, "  ") {
					assert.Contains(t, text, w)
				} else {
					assert.Contains(t, flat, w)
				}
			}
			assert.NotContains(t, text, " 1 queues")
		})
	}
}

// Every sample's text fits the width asked for; each cause is written
// once, and queues of unknown owner are said once, not a row each.
func TestTextFitsWidth(t *testing.T) {
	for _, dir := range testkit.SampleDirs(t, "cluster") {
		rep, err := doctor.Diagnose(sampleInput(t, dir))
		require.NoError(t, err)
		for _, w := range []int{80, 120} {
			text := rep.TextWidth(w)
			for _, l := range strings.Split(text, "\n") {
				if longest(l) < w-8 { // a topic name longer than the line stays whole
					assert.LessOrEqual(t, len([]rune(l)), w, "%s at %d: %q", filepath.Base(dir), w, l)
				}
			}
			for _, tr := range rep.Topics {
				for _, q := range tr.Queues {
					if q.Cause != "" {
						assert.Equal(t, 1, strings.Count(strings.Join(strings.Fields(text), " "), q.Cause), q.Cause)
					}
				}
			}
			assert.NotContains(t, text, "unknown  ")
		}
	}
}

func longest(l string) int {
	n := 0
	for _, f := range strings.Fields(l) {
		n = max(n, len([]rune(f)))
	}
	return n
}
