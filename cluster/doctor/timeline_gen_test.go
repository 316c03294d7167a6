package doctor_test

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// moment is one snapshot of a generated series: topic T on broker-a with
// len(offsets) queues.
type moment struct {
	members []string
	// owners: queue ID → the client ID holding it (its status file lists
	// it); a queue missing is held by nobody.
	owners map[int32]string
	// offsets: queue ID → {broker offset, consumer offset}.
	offsets map[int32][2]int64
	// dropped: queue IDs their owner is releasing (droped=true).
	dropped []int32
}

// seriesStart is the first snapshot's time in generated series.
var seriesStart = time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)

// snapshot is the texts of m, taken step×30 s after seriesStart: route,
// connection, consumerProgress -s true and one status file per member.
func (m moment) snapshot(step int) doctor.Snapshot {
	c := &cluster{topic: "T", brokers: []string{"broker-a"}, perBroker: len(m.offsets), clients: m.members}
	in := doctor.Input{
		Routes:     []doctor.RouteText{{Topic: c.topic, Text: c.routeText()}},
		Connection: c.connectionText(),
		Progress:   m.progressText(),
	}
	held := map[string][]alloc.MessageQueue{}
	dropped := map[alloc.MessageQueue]bool{}
	for qid, cid := range m.owners {
		q := alloc.MessageQueue{Topic: "T", BrokerName: "broker-a", QueueID: qid}
		held[cid] = append(held[cid], q)
		dropped[q] = slices.Contains(m.dropped, qid)
	}
	for _, cid := range m.members {
		qs := held[cid]
		slices.SortFunc(qs, func(a, b alloc.MessageQueue) int { return int(a.QueueID - b.QueueID) })
		in.Status = append(in.Status, doctor.StatusText{Name: cid, Text: statusText(cid, "AllocateMessageQueueAveragely", "T", qs, dropped)})
	}
	return doctor.Snapshot{Input: in, At: seriesStart.Add(time.Duration(step) * 30 * time.Second), Name: "s" + strconv.Itoa(step)}
}

// progressText is consumerProgress -s true with m's offsets and owners.
func (m moment) progressText() string {
	var b strings.Builder
	b.WriteString(pad("#Topic", 64) + "  " + pad("#Broker Name", 32) + "  " + pad("#QID", 4) + "  " + pad("#Broker Offset", 20) + "  " + pad("#Consumer Offset", 20) + "  " + pad("#Client IP", 20) + " " + pad("#Diff", 20) + "  #LastTime\n")
	var total int64
	for qid := int32(0); qid < int32(len(m.offsets)); qid++ {
		o := m.offsets[qid]
		ip := "N/A"
		if cid, ok := m.owners[qid]; ok {
			ip, _, _ = strings.Cut(cid, "@")
		}
		total += o[0] - o[1]
		b.WriteString(pad("T", 64) + "  " + pad("broker-a", 32) + "  " + pad(strconv.Itoa(int(qid)), 4) + "  " + pad(strconv.FormatInt(o[0], 10), 20) + "  " + pad(strconv.FormatInt(o[1], 10), 20) + "  " + pad(ip, 20) + " " + pad(strconv.FormatInt(o[0]-o[1], 10), 20) + "  2026-12-01 10:00:00\n")
	}
	b.WriteString("\nConsume TPS: 0.00\nDiff Total: " + strconv.FormatInt(total, 10) + "\n")
	return b.String()
}

// series is the snapshots of moments, 30 s apart.
func series(ms ...moment) []doctor.Snapshot {
	out := make([]doctor.Snapshot, len(ms))
	for i, m := range ms {
		out[i] = m.snapshot(i)
	}
	return out
}

// two consumers on distinct IPs, as most generated series use.
const (
	c1 = "10.0.0.1@c1"
	c2 = "10.0.0.2@c2"
	c3 = "10.0.0.3@c3"
)

// avg2 is AVG's assignment of 4 queues to c1, c2: 0, 1 → c1; 2, 3 → c2.
func avg2() map[int32]string { return map[int32]string{0: c1, 1: c1, 2: c2, 3: c2} }

// offsets4 is 4 queues' {broker, consumer} offsets from consumer offsets
// and lags.
func offsets4(consumer, lag [4]int64) map[int32][2]int64 {
	out := map[int32][2]int64{}
	for i := range consumer {
		out[int32(i)] = [2]int64{consumer[i] + lag[i], consumer[i]}
	}
	return out
}

// queueOf is the timeline of T broker-a/qid.
func queueOf(tl *doctor.Timeline, qid int32) *doctor.QueueTimeline {
	for i := range tl.Queues {
		if q := &tl.Queues[i]; q.Topic == "T" && q.BrokerName == "broker-a" && q.QueueID == qid {
			return q
		}
	}
	return nil
}

// lagStatuses are the queues' lag statuses by queue ID.
func lagStatuses(tl *doctor.Timeline) map[int32]string {
	out := map[int32]string{}
	for _, q := range tl.Queues {
		if q.Lag != nil && q.Topic == "T" {
			out[q.QueueID] = q.Lag.Status
		}
	}
	return out
}

func timelineCodes(tl *doctor.Timeline) []doctor.Code {
	var out []doctor.Code
	for _, f := range tl.Findings {
		out = append(out, f.Code)
	}
	return out
}
