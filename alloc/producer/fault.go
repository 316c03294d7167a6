package producer

import (
	"cmp"
	"slices"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/sortx"
)

// Fault is one broker's fault item as the client's LatencyFaultTolerance
// keeps it.
type Fault struct {
	Broker string
	// Latency is the latest reported latency in ms, raw (even when the
	// update was an isolation, and even if negative).
	Latency int64
	// StartTimestamp is the clock time (ms) from which the broker is
	// available again.
	StartTimestamp int64
	// Reachable is the latest update's reachable flag (5.3.3; always true
	// in 4.9.3, which has no such flag).
	Reachable bool
}

// Available reports whether the broker is available at now: now >=
// StartTimestamp.
func (f Fault) Available(now int64) bool { return now >= f.StartTimestamp }

// faultTable holds the fault items in insertion order (the order breaks
// ties in 4.9.3's "pick one at least", where Java's are random).
type faultTable struct {
	items []Fault
}

func (t *faultTable) find(broker string) int {
	for i := range t.items {
		if t.items[i].Broker == broker {
			return i
		}
	}
	return -1
}

func (t *faultTable) available(broker string, now int64) bool {
	i := t.find(broker)
	return i < 0 || t.items[i].Available(now)
}

func (t *faultTable) reachable(broker string) bool {
	i := t.find(broker)
	return i < 0 || t.items[i].Reachable
}

func (t *faultTable) remove(broker string) {
	if i := t.find(broker); i >= 0 {
		t.items = slices.Delete(t.items, i, i+1)
	}
}

// Not-available durations: the first latency threshold from the top that
// is <= the latency gives the duration.
var (
	latencyMax493 = []int64{50, 100, 550, 1000, 2000, 3000, 15000}
	duration493   = []int64{0, 0, 30000, 60000, 120000, 180000, 600000}
	latencyMax533 = []int64{50, 100, 550, 1800, 3000, 5000, 15000}
	duration533   = []int64{0, 0, 2000, 5000, 6000, 10000, 30000}
	isolation493  = int64(30000) // latency an isolation counts as, 4.9.3
	isolation533  = int64(10000) // and 5.3.3
)

// notAvailableDuration is MQFaultStrategy.computeNotAvailableDuration.
func notAvailableDuration(v alloc.JavaClient, latency int64) int64 {
	thresholds, dur := latencyMax493, duration493
	if v == alloc.Java533 {
		thresholds, dur = latencyMax533, duration533
	}
	for i := len(thresholds) - 1; i >= 0; i-- {
		if latency >= thresholds[i] {
			return dur[i]
		}
	}
	return 0
}

// update is MQFaultStrategy.updateFaultItem followed by
// LatencyFaultToleranceImpl.updateFaultItem of version v.
func (t *faultTable) update(v alloc.JavaClient, now int64, broker string, latency int64, isolation, reachable bool) {
	effective := latency
	if isolation {
		effective = isolation493
		if v == alloc.Java533 {
			effective = isolation533
		}
	}
	d := notAvailableDuration(v, effective)
	i := t.find(broker)
	if i < 0 {
		t.items = append(t.items, Fault{Broker: broker, Reachable: true})
		i = len(t.items) - 1
	}
	f := &t.items[i]
	f.Latency = latency
	if v == alloc.Java493 {
		f.StartTimestamp = now + d // always overwritten
		return
	}
	if d > 0 && now+d > f.StartTimestamp { // windows only move forward
		f.StartTimestamp = now + d
	}
	f.Reachable = reachable
}

// pickOneAtLeast is 4.9.3's LatencyFaultToleranceImpl.pickOneAtLeast: all
// items ordered available first, then lower latency, then earlier start;
// with one item that one, else item worst.next() % (size/2). ok is false
// where Java returns null (no items) or throws (a negative index), both of
// which the caller treats alike.
func (t *faultTable) pickOneAtLeast(now int64, worst *sendIndex) (broker string, ok bool) {
	if len(t.items) == 0 {
		return "", false
	}
	sorted := slices.Clone(t.items)
	sortx.Func(sorted, func(a, b Fault) int {
		aa, ba := a.Available(now), b.Available(now)
		switch {
		case aa && !ba:
			return -1
		case ba && !aa:
			return 1
		case a.Latency != b.Latency:
			return cmp.Compare(a.Latency, b.Latency)
		}
		return cmp.Compare(a.StartTimestamp, b.StartTimestamp)
	})
	half := int32(len(sorted) / 2)
	if half <= 0 {
		return sorted[0].Broker, true
	}
	i := worst.next() % half
	if i < 0 {
		return "", false // IndexOutOfBoundsException, caught by the caller
	}
	return sorted[i].Broker, true
}
