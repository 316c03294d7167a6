//go:build live

package livetest

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"time"
)

// nsProbe asks each name server for the default topic's route every 2 s
// for the whole run and writes every answer slower than 1 s, with the
// load average, to namesrv-latency.log in the run folder (kept with the
// logs). The Java clients give up on a name server after 3 s and a
// producer then sends over the default topic's queues: when a test fails
// that way, this log says whether the name server itself was slow, when,
// and how loaded the machine was.
type nsProbe struct {
	stop chan struct{}
	done sync.WaitGroup
	mu   sync.Mutex
	// per name server: probes, answers over 3 s, failures, slowest answer
	probes, over3, failed map[string]int
	slowest               map[string]time.Duration
	log                   *os.File
}

func startNSProbe(path string, addrs ...string) *nsProbe {
	p := &nsProbe{stop: make(chan struct{}), probes: map[string]int{}, over3: map[string]int{},
		failed: map[string]int{}, slowest: map[string]time.Duration{}}
	p.log, _ = os.Create(path)
	for _, a := range addrs {
		if a == "" {
			continue
		}
		p.done.Add(1)
		go p.watch(a)
	}
	return p
}

func (p *nsProbe) watch(addr string) {
	defer p.done.Done()
	tick := time.NewTicker(2 * time.Second)
	defer tick.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-tick.C:
		}
		t0 := time.Now()
		_, err := requestWithin(addr, codeGetRouteInfoByTopic, map[string]string{"topic": "TBW102"}, 30*time.Second)
		took := time.Since(t0)
		p.mu.Lock()
		p.probes[addr]++
		if took > p.slowest[addr] {
			p.slowest[addr] = took
		}
		if took > 3*time.Second {
			p.over3[addr]++
		}
		if err != nil {
			p.failed[addr]++
		}
		if (took > time.Second || err != nil) && p.log != nil {
			load, _ := os.ReadFile("/proc/loadavg")
			fmt.Fprintf(p.log, "%s %s route in %.1f s (err %v), load %s\n", t0.Format("15:04:05"), addr, took.Seconds(), err, strings.TrimSpace(string(load)))
		}
		p.mu.Unlock()
	}
}

// end stops the probes and sums them up, one line per name server.
func (p *nsProbe) end() string {
	close(p.stop)
	p.done.Wait()
	if p.log != nil {
		p.log.Close()
	}
	var b strings.Builder
	for a, n := range p.probes {
		fmt.Fprintf(&b, "livetest: name server %s: %d probes, slowest %.1f s, %d over 3 s, %d failed (namesrv-latency.log)\n",
			a, n, p.slowest[a].Seconds(), p.over3[a], p.failed[a])
	}
	return b.String()
}
