package doctor_test

import (
	"strconv"
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
)

// BenchmarkDoctor parses and diagnoses a group of 20,000 queues (20
// brokers × 1,000) and 1,000 Java clients from route, connection and
// consumerProgress -s true texts, every queue owned as AVG says.
func BenchmarkDoctor(b *testing.B) {
	c := &cluster{topic: "bench_topic", perBroker: 1000}
	for i := 0; i < 20; i++ {
		c.brokers = append(c.brokers, "broker-"+strconv.Itoa(i))
	}
	for i := 0; i < 1000; i++ {
		c.clients = append(c.clients, "10."+strconv.Itoa(i/250)+"."+strconv.Itoa(i%250)+".1@"+strconv.Itoa(1000+i))
	}
	owners := avgOwners(b, c)
	in := doctor.Input{
		Routes:     []doctor.RouteText{{Topic: c.topic, Text: c.routeText()}},
		Connection: c.connectionText(),
		Progress:   c.progressText(owners),
	}
	b.SetBytes(int64(len(in.Routes[0].Text) + len(in.Connection) + len(in.Progress)))
	b.ReportMetric(diagnoseLoop(b, in), "cpu-ns/op")
}

// diagnoseLoop diagnoses in for the benchmark's loop, each report OK, and
// returns the CPU time per run: on a shared, loaded machine wall time
// overstates what one run costs.
func diagnoseLoop(b *testing.B, in doctor.Input) float64 {
	cpu := cpuTime()
	n := 0
	for b.Loop() {
		rep, err := doctor.Diagnose(in)
		if err != nil {
			b.Fatal(err)
		}
		if !rep.OK {
			b.Fatal(rep.Verdict)
		}
		n++
	}
	return float64(cpuTime()-cpu) / float64(n)
}

// avgOwners is the Java client's AVG assignment of c: queue -> client ID.
func avgOwners(tb testing.TB, c *cluster) map[alloc.MessageQueue]string {
	p, err := alloc.AllocateAll(alloc.Averagely(), "", mustSorted(tb, c.queues()), alloc.SortedClientIDs(c.clients))
	if err != nil {
		tb.Fatal(err)
	}
	out := map[alloc.MessageQueue]string{}
	for _, cid := range c.clients {
		for _, q := range p.Of(cid) {
			out[q] = cid
		}
	}
	return out
}

// BenchmarkParseProgress is the consumerProgress part of BenchmarkDoctor.
func BenchmarkParseProgress(b *testing.B) {
	c := &cluster{topic: "bench_topic", perBroker: 1000}
	for i := 0; i < 20; i++ {
		c.brokers = append(c.brokers, "broker-"+strconv.Itoa(i))
	}
	text := c.progressText(nil)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, err := mqadmin.ParseConsumerProgress(text); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDoctorWrongStrategy is BenchmarkDoctor with a group that really
// runs AVG_BY_CIRCLE while AVG is assumed: nearly every queue is wrong,
// the worst case for the causes and findings.
func BenchmarkDoctorWrongStrategy(b *testing.B) {
	c := &cluster{topic: "bench_topic", perBroker: 1000}
	for i := 0; i < 20; i++ {
		c.brokers = append(c.brokers, "broker-"+strconv.Itoa(i))
	}
	for i := 0; i < 1000; i++ {
		c.clients = append(c.clients, "10."+strconv.Itoa(i/250)+"."+strconv.Itoa(i%250)+".1@"+strconv.Itoa(1000+i))
	}
	p, err := alloc.AllocateAll(alloc.ByCircle(), "", mustSorted(b, c.queues()), alloc.SortedClientIDs(c.clients))
	if err != nil {
		b.Fatal(err)
	}
	owners := map[alloc.MessageQueue]string{}
	for _, cid := range c.clients {
		for _, q := range p.Of(cid) {
			owners[q] = cid
		}
	}
	in := doctor.Input{
		Routes:     []doctor.RouteText{{Topic: c.topic, Text: c.routeText()}},
		Connection: c.connectionText(),
		Progress:   c.progressText(owners),
	}
	for b.Loop() {
		rep, err := doctor.Diagnose(in)
		if err != nil {
			b.Fatal(err)
		}
		if rep.OK || rep.Topics[0].BestFit[0].Strategy != "AVG_BY_CIRCLE" {
			b.Fatal(rep.Verdict)
		}
	}
}

// mustSorted is alloc.SortedQueues for benchmark inputs, which sort without fault.
func mustSorted(tb testing.TB, qs []alloc.MessageQueue) []alloc.MessageQueue {
	sorted, err := alloc.SortedQueues(qs)
	if err != nil {
		tb.Fatal(err)
	}
	return sorted
}

// BenchmarkDoctorRouteViews: a group of 60 Java clients on 16 brokers × 32
// queues where 10 members hold each other's shares (no view explains
// them), so every route view is tried for each (within maxViewWork).
func BenchmarkDoctorRouteViews(b *testing.B) {
	c := &cluster{topic: "bench_topic", perBroker: 32}
	for i := 0; i < 16; i++ {
		c.brokers = append(c.brokers, "broker-"+strconv.Itoa(i))
	}
	for i := 0; i < 60; i++ {
		c.clients = append(c.clients, "10.0."+strconv.Itoa(i)+".1@"+strconv.Itoa(i))
	}
	hold := ownAllocate(b, c, "AVG", alloc.Java493.Name(), c.clients)
	for i := 0; i+1 < 20; i += 2 {
		hold[c.clients[i]], hold[c.clients[i+1]] = hold[c.clients[i+1]], hold[c.clients[i]]
	}
	in := c.input(hold, nil, true, "")
	cpu := cpuTime()
	n := 0
	for b.Loop() {
		if _, err := doctor.Diagnose(in); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(cpuTime()-cpu)/float64(n), "cpu-ns/op")
}

// statusGroup is a group of q queues over brokers brokers and c Java
// clients, every queue held as AVG says, with each client's consumerStatus
// file and consumerProgress -s true (a FOLDER as capture.sh saves it).
func statusGroup(tb testing.TB, q, brokers, c int) doctor.Input {
	cl := &cluster{topic: "bench_topic", perBroker: q / brokers}
	for i := 0; i < brokers; i++ {
		cl.brokers = append(cl.brokers, "broker-"+strconv.Itoa(i))
	}
	for i := 0; i < c; i++ {
		cl.clients = append(cl.clients, "10."+strconv.Itoa(i/250)+"."+strconv.Itoa(i%250)+".1@"+strconv.Itoa(1000+i))
	}
	hold := map[string][]alloc.MessageQueue{}
	for mq, cid := range avgOwners(tb, cl) {
		hold[cid] = append(hold[cid], mq)
	}
	return cl.input(hold, nil, true, "")
}

// BenchmarkDoctorStatus diagnoses groups with every client's status file:
// 20,000 queues × 50 brokers × 1,000 clients (issue 21: ≤ 100 ms CPU) and
// 5× that, 100,000 × 250 × 5,000, whose cost per queue should be about the
// same (cpu-ns/queue).
func BenchmarkDoctorStatus(b *testing.B) {
	for _, g := range []struct{ q, brokers, c int }{{20000, 50, 1000}, {100000, 250, 5000}} {
		b.Run("Q="+strconv.Itoa(g.q)+",C="+strconv.Itoa(g.c), func(b *testing.B) {
			in := statusGroup(b, g.q, g.brokers, g.c)
			per := diagnoseLoop(b, in)
			b.ReportMetric(per, "cpu-ns/op")
			b.ReportMetric(per/float64(g.q), "cpu-ns/queue")
		})
	}
}

// BenchmarkDoctorLimits diagnoses the largest topic the doctor takes
// (MaxQueuesPerTopic queues: 64 brokers × 1,024) with MaxClients Java
// clients, every queue owned as AVG says: the time goal the limits are
// set by (docs/doctor-limits.md).
func BenchmarkDoctorLimits(b *testing.B) {
	c := &cluster{topic: "limit_topic", perBroker: doctor.MaxQueuesPerTopic / 64}
	for i := 0; i < 64; i++ {
		c.brokers = append(c.brokers, "broker-"+strconv.Itoa(i))
	}
	for i := 0; i < doctor.MaxClients; i++ {
		c.clients = append(c.clients, "10."+strconv.Itoa(i/250)+"."+strconv.Itoa(i%250)+".1@"+strconv.Itoa(1000+i))
	}
	owners := avgOwners(b, c)
	in := doctor.Input{
		Routes:     []doctor.RouteText{{Topic: c.topic, Text: c.routeText()}},
		Connection: c.connectionText(),
		Progress:   c.progressText(owners),
	}
	b.SetBytes(int64(len(in.Routes[0].Text) + len(in.Connection) + len(in.Progress)))
	b.ReportMetric(diagnoseLoop(b, in), "cpu-ns/op")
}
