//go:build !(js && wasm)

package monitor

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/live"
	"github.com/rmqalloc/rmqalloc/cluster/monitor/internal/standin"
)

// The scale: 2,000 groups × 32 queues (16 on each of 2 brokers)
// × 4 members, 100 topics shared by the groups. The stand-in answers from
// the same process (its work is in the figures too).
const (
	benchGroups  = 2000
	benchTopics  = 100
	benchMembers = 4
)

func scaleCluster(b testing.TB, groups int) *standin.Cluster {
	b.Helper()
	c, err := standin.Start(1, "broker-a", "broker-b")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(c.Close)
	for i := range benchTopics {
		c.SetTopic("T_"+strconv.Itoa(i), 16)
	}
	for i := range groups {
		g := &standin.Group{Name: fmt.Sprintf("G_%04d", i), Topic: "T_" + strconv.Itoa(i%benchTopics)}
		for j := range benchMembers {
			g.Members = append(g.Members, standin.Member{ClientID: fmt.Sprintf("10.1.%d.%d@c%d", i/250, i%250, j)})
		}
		c.SetGroup(g)
	}
	return c
}

func scaleMonitor(b *testing.B, c *standin.Cluster) *Monitor {
	// A long interval: on a loaded machine a pass may take minutes, and
	// what is measured is its cost, not the interval's cut.
	m, err := New(Config{NameServers: c.NameServers, Interval: 10 * time.Minute, RunningInfoRate: -1, Concurrency: 16})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(m.pool.close)
	return m
}

// BenchmarkPass is one full pass over 2,000 groups: discovery, 2,000
// reads (16,000 requests, 8,000 of them running-info) and diagnoses.
func BenchmarkPass(b *testing.B) {
	c := scaleCluster(b, benchGroups)
	m := scaleMonitor(b, c)
	m.Pass(context.Background()) // warm: connections, the window's first snapshot
	b.ResetTimer()
	cpu0 := cpuSeconds()
	for range b.N {
		m.Pass(context.Background())
	}
	b.StopTimer()
	checkAllOK(b, m)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/benchGroups, "ns/group")
	b.ReportMetric((cpuSeconds()-cpu0)/float64(b.N), "CPU-s/op")
}

func checkAllOK(b *testing.B, m *Monitor) {
	gs := m.Groups()
	if len(gs) != benchGroups {
		b.Fatalf("%d groups watched, want %d", len(gs), benchGroups)
	}
	for _, g := range gs {
		if g.Status != StatusOK {
			b.Fatalf("%s: %d %s %+v", g.Group, g.Status, g.Verdict, g.Error)
		}
	}
}

// BenchmarkScrape is the first GET /metrics after a pass over 2,000
// groups (per-queue series on: about 2,000 × 34 × 2 of them), the one
// that encodes the pass's series: each op counts as a new pass (the
// state unchanged), so none is served from the text kept for a pass.
func BenchmarkScrape(b *testing.B) {
	c := scaleCluster(b, benchGroups)
	m := scaleMonitor(b, c)
	m.Pass(context.Background())
	h := m.Handler()
	var size int
	b.ResetTimer()
	cpu0 := cpuSeconds()
	for range b.N {
		m.mu.Lock()
		m.passes++
		m.mu.Unlock()
		w := httptest.NewRecorder()
		r := httptest.NewRequest("GET", "/metrics", nil)
		r.Header.Set("Accept-Encoding", "gzip") // as Prometheus asks
		h.ServeHTTP(w, r)
		size = w.Body.Len()
	}
	b.ReportMetric(float64(size)/1e6, "MB-gzip/scrape")
	b.ReportMetric((cpuSeconds()-cpu0)/float64(b.N), "CPU-s/op")
}

// BenchmarkScrapeGzip is the per-group series of a pass over 2,000
// groups written as /metrics keeps them, at each gzip level worth a
// thought (and as text only): what a level costs in CPU and gives in size.
func BenchmarkScrapeGzip(b *testing.B) {
	c := scaleCluster(b, benchGroups)
	m := scaleMonitor(b, c)
	m.Pass(context.Background())
	for _, lv := range []struct {
		name  string
		level int // 0: no gzip
	}{{"text", 0}, {"BestSpeed", gzip.BestSpeed}, {"Default", gzip.DefaultCompression}} {
		b.Run(lv.name, func(b *testing.B) {
			var size int
			cpu0 := cpuSeconds()
			for range b.N {
				var out bytes.Buffer
				w := io.Writer(&out)
				var z *gzip.Writer
				if lv.level != 0 {
					z, _ = gzip.NewWriterLevel(&out, lv.level)
					w = z
				}
				if err := writeGroups(w, m); err != nil {
					b.Fatal(err)
				}
				if z != nil {
					_ = z.Close()
				}
				size = out.Len()
			}
			b.ReportMetric(float64(size)/1e6, "MB/scrape")
			b.ReportMetric((cpuSeconds()-cpu0)/float64(b.N), "CPU-s/op")
		})
	}
}

// BenchmarkDoctorPerGroup is the same groups read as `rmqalloc doctor
// --namesrv` reads one (live.Read: a connection per request) and
// diagnosed, one group after another: per group, to compare with
// BenchmarkPass's ns/group.
func BenchmarkDoctorPerGroup(b *testing.B) {
	c := scaleCluster(b, 200)
	b.ResetTimer()
	cpu0 := cpuSeconds()
	defer func() { b.ReportMetric((cpuSeconds()-cpu0)/float64(b.N), "CPU-s/op") }()
	for i := range b.N {
		g := fmt.Sprintf("G_%04d", i%200)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		snap, err := live.Read(ctx, live.Options{NameServer: c.NameServers[0], Group: g})
		cancel()
		if err != nil {
			b.Fatal(err)
		}
		if _, err := diagnoseOnce(snap); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSoak is the hour: SOAK_PASSES passes (default 120,
// one hour of 30 s intervals, run back to back) over 2,000 groups. It
// reports the RSS and the live heap after passes 10, 20, 30, 60 and 120 (the
// window fills at pass 20: from then on memory must not grow), a pass's
// wall and CPU time (mean over every pass, and the slowest wall), the same
// for the scrape of /metrics after each pass (the first of a pass builds
// its text), and one more scrape at the end. SOAK_HEAPPROFILE=FILE writes
// the heap profile after the last pass and scrape, the monitor still alive.
func BenchmarkSoak(b *testing.B) {
	passes := 120
	if s := os.Getenv("SOAK_PASSES"); s != "" {
		passes, _ = strconv.Atoi(s)
	}
	marks := map[int]bool{10: true, 20: true, 30: true, 60: true, 120: true, passes: true}
	c := scaleCluster(b, benchGroups)
	for range b.N {
		m := scaleMonitor(b, c)
		h := m.Handler()
		var wall, slowest, scrapeWall, scrapeSlowest time.Duration
		var cpu, scrapeCPU float64
		for p := 1; p <= passes; p++ {
			t0, c0 := time.Now(), cpuSeconds()
			m.Pass(context.Background())
			d := time.Since(t0)
			wall, cpu, slowest = wall+d, cpu+cpuSeconds()-c0, max(slowest, d)
			// Prometheus scrapes at least once an interval: what the
			// first scrape after a pass builds and keeps is part of the
			// hour's memory.
			t0, c0 = time.Now(), cpuSeconds()
			scrape(h)
			d = time.Since(t0)
			scrapeWall, scrapeCPU, scrapeSlowest = scrapeWall+d, scrapeCPU+cpuSeconds()-c0, max(scrapeSlowest, d)
			if marks[p] {
				rss, heap := rssMB(), heapMB()
				b.ReportMetric(rss, "MB-RSS-pass-"+strconv.Itoa(p))
				b.ReportMetric(heap, "MB-heap-pass-"+strconv.Itoa(p))
				// As it goes: an hour on a loaded machine may be cut short.
				fmt.Fprintf(os.Stderr, "soak: after pass %d: RSS %.0f MB, live heap %.0f MB; a pass %.1f s wall (slowest %.1f s), %.2f CPU-s; its first scrape %.2f s wall (slowest %.2f s), %.2f CPU-s; load average %s\n",
					p, rss, heap, wall.Seconds()/float64(p), slowest.Seconds(), cpu/float64(p),
					scrapeWall.Seconds()/float64(p), scrapeSlowest.Seconds(), scrapeCPU/float64(p), loadAverage())
			}
		}
		checkAllOK(b, m)
		b.ReportMetric(wall.Seconds()/float64(passes), "s-wall/pass")
		b.ReportMetric(slowest.Seconds(), "s-wall-slowest-pass")
		b.ReportMetric(cpu/float64(passes), "CPU-s/pass")
		b.ReportMetric(scrapeWall.Seconds()/float64(passes), "s-wall/first-scrape")
		b.ReportMetric(scrapeSlowest.Seconds(), "s-wall-slowest-first-scrape")
		b.ReportMetric(scrapeCPU/float64(passes), "CPU-s/first-scrape")
		// and a scrape of the same pass again (the text is kept)
		t0, c0 := time.Now(), cpuSeconds()
		scrape(h)
		b.ReportMetric(time.Since(t0).Seconds(), "s-wall/scrape")
		b.ReportMetric(cpuSeconds()-c0, "CPU-s/scrape")
		if f := os.Getenv("SOAK_HEAPPROFILE"); f != "" {
			writeHeapProfile(b, f)
		}
		runtime.KeepAlive(m)
	}
}

// loadAverage is /proc/loadavg's first three fields ("" elsewhere).
func loadAverage() string {
	b, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return ""
	}
	return strings.Join(f[:3], " ")
}

// heapMB is the live heap after a GC.
func heapMB() float64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return float64(ms.HeapAlloc) / (1 << 20)
}

func writeHeapProfile(b *testing.B, name string) {
	runtime.GC()
	f, err := os.Create(name)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	if err := pprof.WriteHeapProfile(f); err != nil {
		b.Fatal(err)
	}
}

// rssMB is this process's resident set (Linux), after a GC.
func rssMB() float64 {
	runtime.GC()
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseFloat(f[1], 64)
			return kb / 1024
		}
	}
	return 0
}

func diagnoseOnce(snap *live.Snapshot) (any, error) {
	return doctor.Diagnose(snap.Input())
}

// cpuSeconds is the CPU time (user + system) this process used so far:
// on a shared, loaded machine a better measure of cost than wall time.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

// scrape is one GET /metrics as Prometheus sends it (gzip).
func scrape(h http.Handler) {
	r := httptest.NewRequest("GET", "/metrics", nil)
	r.Header.Set("Accept-Encoding", "gzip")
	h.ServeHTTP(httptest.NewRecorder(), r)
}
