package doctor_test

import (
	"strconv"
	"testing"
	"time"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// BenchmarkDiagnoseSeries diagnoses 5 snapshots of BenchmarkDoctor's group
// (20,000 queues, 1,000 clients), 30 s apart: five diagnoses plus the
// timeline over them.
func BenchmarkDiagnoseSeries(b *testing.B) {
	c := &cluster{topic: "bench_topic", perBroker: 1000}
	for i := 0; i < 20; i++ {
		c.brokers = append(c.brokers, "broker-"+strconv.Itoa(i))
	}
	for i := 0; i < 1000; i++ {
		c.clients = append(c.clients, "10."+strconv.Itoa(i/250)+"."+strconv.Itoa(i%250)+".1@"+strconv.Itoa(1000+i))
	}
	in := doctor.Input{
		Routes:     []doctor.RouteText{{Topic: c.topic, Text: c.routeText()}},
		Connection: c.connectionText(),
		Progress:   c.progressText(avgOwners(b, c)),
	}
	snaps := make([]doctor.Snapshot, 5)
	for i := range snaps {
		snaps[i] = doctor.Snapshot{Input: in, At: seriesStart.Add(time.Duration(i) * 30 * time.Second)}
	}
	cpu := cpuTime()
	n := 0
	for b.Loop() {
		rep, err := doctor.DiagnoseSeries(snaps)
		if err != nil {
			b.Fatal(err)
		}
		if len(rep.Timeline.Queues) != 20000 {
			b.Fatal(len(rep.Timeline.Queues))
		}
		n++
	}
	b.ReportMetric(float64(cpuTime()-cpu)/float64(n), "cpu-ns/op")
}
