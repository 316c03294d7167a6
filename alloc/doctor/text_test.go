package doctor_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc/doctor"
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
			for _, w := range c.want {
				assert.Contains(t, text, w)
			}
			assert.NotContains(t, text, " 1 queues")
		})
	}
}
