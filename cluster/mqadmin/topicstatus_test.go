package mqadmin_test

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
)

// The real 4.9.3 topicStatus of basic3: 8 queues on each broker.
func TestParseTopicStatusReal(t *testing.T) {
	b, err := os.ReadFile("../../testdata/real/basic3/topicstatus.txt")
	require.NoError(t, err)
	ts, err := mqadmin.ParseTopicStatus(string(b))
	require.NoError(t, err)
	require.Len(t, ts.Rows, 16)
	assert.Equal(t, mqadmin.TopicStatusRow{BrokerName: "broker-a", QueueID: 7, MinOffset: 0, MaxOffset: 20, LastUpdated: "2026-12-01 19:08:11,565", Line: 9}, ts.Rows[7])
	assert.Equal(t, "broker-b", ts.Rows[15].BrokerName)

	// 5.3.3's, with its footer.
	b5, err := os.ReadFile("../../testdata/real5/b533-basic3-c533/topicstatus.txt")
	require.NoError(t, err)
	ts5, err := mqadmin.ParseTopicStatus(string(b5))
	require.NoError(t, err)
	assert.Len(t, ts5.Rows, 16)

	for _, bad := range []string{
		"",
		"#Topic  #Broker Name  #QID\n",
		strings.Replace(string(b), "18                      2026-12-01 19:08:11,513", "x", 1),
		strings.Replace(string(b), "0                     18 ", "19                    18 ", 1),
	} {
		_, err := mqadmin.ParseTopicStatus(bad)
		assert.Error(t, err, "%.60q", bad)
	}
}
