package doctor

import (
	"strconv"
	"time"

	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
)

// heldQueue is the status file's line of queue q of member m (its
// #Consumer MQ Detail# ProcessQueueInfo); nil when m has no status file or
// does not list q.
func (m *member) heldQueue(topic, broker string, id int32) *mqadmin.HeldQueue {
	if m == nil || m.status == nil || m.status.info == nil {
		return nil
	}
	qs := m.status.info.Queues
	for i := range qs {
		if qs[i].QueueID == id && qs[i].BrokerName == broker && qs[i].Topic == topic {
			return &qs[i]
		}
	}
	return nil
}

// parseStatusTime reads a ProcessQueueInfo time as the tool prints it:
// yyyyMMddHHmmssSSS (UtilAll.timeMillisToHumanString), or the older
// "yyyy-MM-dd HH:mm:ss" (millis cut off by the parser). Like #LastTime it
// is in the tool's zone, read as UTC. ok is false for "" or anything else.
func parseStatusTime(s string) (time.Time, bool) {
	if len(s) == 17 {
		n := func(i, w int) int {
			v, err := strconv.Atoi(s[i : i+w])
			if err != nil {
				return -1
			}
			return v
		}
		y, mo, d, h, mi, sec, ms := n(0, 4), n(4, 2), n(6, 2), n(8, 2), n(10, 2), n(12, 2), n(14, 3)
		if y < 0 || mo < 1 || mo > 12 || d < 1 || d > 31 || h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59 || ms < 0 {
			return time.Time{}, false
		}
		return time.Date(y, time.Month(mo), d, h, mi, sec, ms*int(time.Millisecond), time.UTC), true
	}
	t, err := parseLastTime(s)
	return t, err == nil
}

// consumerStart is the member's PROP_CONSUMER_START_TIMESTAMP (epoch
// millis); ok is false when its status does not say it.
func (m *member) consumerStart() (time.Time, bool) {
	if m == nil || m.status == nil || m.status.info == nil {
		return time.Time{}, false
	}
	ms, err := strconv.ParseInt(m.status.info.Properties["PROP_CONSUMER_START_TIMESTAMP"], 10, 64)
	if err != nil || ms <= 0 {
		return time.Time{}, false
	}
	return time.UnixMilli(ms).UTC(), true
}
