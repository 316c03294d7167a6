//go:build rmqfull && !rmqnodoctor

package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// seriesRequest: two snapshots of the same group, queue 0 not moving with
// lag while queue 1 advances (STALL), the second taken 30 s later.
func seriesRequest(want byte, secondAt string) []byte {
	w := newRequest()
	w.u8(want | wantSeries)
	w.uvarint(0) // width: 80
	w.uvarint(2)
	for i, at := range []string{"2026-12-01T10:00:00Z", secondAt} {
		w.str("s" + string(rune('0'+i)))
		w.str(at)
		w.str("captured-at.txt")
		off := []string{"100", "100"}
		if i == 1 {
			off[1] = "150"
		}
		w.uvarint(1)
		w.str("")
		w.str(fastjsonRoute)
		w.str(testConnection)
		w.str(testProgressHeader + progressRowAt("0", "10.0.0.1", off[0], "5") + progressRowAt("1", "10.0.0.2", off[1], "0") + progressRowAt("2", "10.0.0.2", "100", "0") + "\nConsume TPS: 0.00\nDiff Total: 5\n")
		w.uvarint(0)
		w.str("")    // strategy
		w.str("")    // profile
		w.str("")    // capturedAt: the snapshot's time
		w.str("")    // progressErr
		w.str("")    // statusErr
		w.uvarint(0) // topicStatus
		w.str("")    // stuckAfter: the default
	}
	return w.b
}

// progressRowAt is a consumerProgress -s true line of T broker-a/qid.
func progressRowAt(qid, ip, consumer, diff string) string {
	pad := func(s string, n int) string {
		for len(s) < n {
			s += " "
		}
		return s
	}
	broker := consumer
	if diff != "0" {
		broker = "105"
	}
	return pad("T", 64) + "  " + pad("broker-a", 32) + "  " + pad(qid, 4) + "  " + pad(broker, 20) + "  " + pad(consumer, 20) + "  " + pad(ip, 20) + " " + pad(diff, 20) + "  2026-11-30 10:00:00\n"
}

func TestDoctorSeriesAnswersATimeline(t *testing.T) {
	resp := call(t, opDoctorRun, seriesRequest(wantText|wantJSON, "2026-12-01T10:00:30Z"))
	require.Equal(t, byte(statusOK), resp[0], "status")
	r := reader{b: resp[1:]}
	ok := r.bool()
	r.bool() // judged
	n := int(r.uvarint())
	text := string(r.b[r.p : r.p+n])
	r.p += n
	var rep struct {
		OK       bool `json:"ok"`
		Timeline struct {
			Snapshots []struct {
				Name string `json:"name"`
			} `json:"snapshots"`
			Queues []struct {
				QueueID int `json:"queueId"`
				Lag     struct {
					Status string `json:"status"`
				} `json:"lag"`
			} `json:"queues"`
		} `json:"timeline"`
	}
	require.NoError(t, json.Unmarshal(r.b[r.p:], &rep))
	assert.False(t, ok, "queue 0 is stuck")
	assert.Equal(t, ok, rep.OK)
	require.Len(t, rep.Timeline.Snapshots, 2)
	assert.Equal(t, "s1", rep.Timeline.Snapshots[1].Name)
	assert.Equal(t, "STALL", rep.Timeline.Queues[0].Lag.Status)
	assert.Equal(t, "OK", rep.Timeline.Queues[1].Lag.Status)
	assert.Contains(t, text, "CONSUMER_STUCK")
}

func TestDoctorSeriesBadTime(t *testing.T) {
	code, box, msg, _, _ := inputErrorOfResponse(t, call(t, opDoctorRun, seriesRequest(wantText, "yesterday")))
	assert.Equal(t, "ERR_BAD_INPUT", code)
	assert.Equal(t, "snapshot[1].at", box)
	assert.Contains(t, msg, `"yesterday" is not an RFC 3339 time`)
}
