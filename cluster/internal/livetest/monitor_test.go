//go:build live

package livetest

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/monitor"
)

var (
	monOKTopic  = topic("T_mon_ok", queuesOn{"broker-a": 4, "broker-b": 4})
	monDupTopic = topic("T_mon_dup", queuesOn{"broker-a": 4, "broker-b": 4})
	monOffTopic = topic("T_mon_off", queuesOn{"broker-a": 2, "broker-b": 2})
	monTopic5   = topic5("T5_mon", queuesOn{"broker-a5": 4, "broker-b5": 4})
)

// TestMonitorWithPrometheus: `rmqalloc monitor` (in this process) watches
// the whole 4.9.3 cluster — a healthy group, the batch's mixed-strategy
// group G_mix, a duplicate client ID and an offline group with lag among
// every other group the live layer runs — and a real Prometheus, started
// here on 127.0.0.1 with the shipped rules, scrapes it. Prometheus's own
// HTTP API must show the double-owned queues' series and the alerts
// firing for the faulty groups, none for the healthy one. The rules run
// with their `for:` set to 0s (the waiting is promtool-tested,
// deploy/prometheus/rmqalloc-rules.test.yml).
func TestMonitorWithPrometheus(t *testing.T) {
	prom, err := exec.LookPath("prometheus")
	if err != nil {
		t.Skip("!!! prometheus not found (apt-get install prometheus; make tools installs it)")
	}
	t.Parallel()
	k := theKit
	ok := k.holdPath("G_mon_ok")
	k.kitConsumer(t, "mon-ok", 3, "-g", "G_mon_ok", "-t", monOKTopic, "-hold", ok, "mok1", "mok2", "mok3")
	d1, d2 := k.holdPath("G_mon_dup-1"), k.holdPath("G_mon_dup-2")
	k.kitConsumer(t, "mon-dup-1", 2, "-g", "G_mon_dup", "-t", monDupTopic, "-hold", d1, "mdup", "mother")
	k.kitConsumer(t, "mon-dup-2", 1, "-g", "G_mon_dup", "-t", monDupTopic, "-hold", d2, "mdup")
	off := k.holdPath("G_mon_off")
	k.kitConsumer(t, "mon-off", 1, "-g", "G_mon_off", "-t", monOffTopic, "-hold", off, "moff")
	settle(t, "G_mon_ok", 150*time.Second, javaGroup("G_mon_ok", []string{monOKTopic}, []string{ok}, avgMembers("127.0.0.1@mok1", "127.0.0.1@mok2", "127.0.0.1@mok3"), 3).check)
	dup := javaGroup("G_mon_dup", []string{monDupTopic}, []string{d1, d2}, avgMembers("127.0.0.1@mdup", "127.0.0.1@mother"), 3)
	dup.lines = 3
	settle(t, "G_mon_dup", 150*time.Second, dup.check)
	settle(t, "G_mon_off", 150*time.Second, javaGroup("G_mon_off", []string{monOffTopic}, []string{off}, avgMembers("127.0.0.1@moff"), 1).check)
	time.Sleep(6 * time.Second) // its offsets persisted
	k.kill("mon-off")
	sends, _ := sendCount(t, "mon_off_producer", monOffTopic, 20)
	require.Positive(t, sent(sends), "messages wait for the offline group")
	settle(t, "G_mix", 150*time.Second, mixSection.liveGroup().check)

	m, err := monitor.New(monitor.Config{NameServers: []string{k.namesrv}, Interval: 5 * time.Second, Window: 6})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go m.Run(ctx)
	srv := httptest.NewServer(m.Handler()) // 127.0.0.1, port 0
	t.Cleanup(srv.Close)

	api := startPrometheus(t, prom, strings.TrimPrefix(srv.URL, "http://"))
	faulty := map[string][]string{
		"G_mix":     {"RmqallocDoubleOwnedQueues", "RmqallocGroupProblems"},
		"G_mon_dup": {"RmqallocDoubleOwnedQueues", "RmqallocDuplicateClientID", "RmqallocGroupProblems"},
		"G_mon_off": {"RmqallocGroupOfflineWithLag", "RmqallocGroupProblems"},
	}
	var firing map[string][]string
	var double map[string]int
	settle(t, "Prometheus scraped the monitor and fired the rules", 150*time.Second, func() (bool, string) {
		firing = promAlerts(t, api)
		double = map[string]int{}
		for _, s := range promQuery(t, api, `rmqalloc_queue_owners >= 2`) {
			if !strings.HasPrefix(s["topic"], "%RETRY%") {
				double[s["group"]]++
			}
		}
		for g, want := range faulty {
			for _, a := range want {
				if !contains(firing[g], a) {
					return false, fmt.Sprintf("%s: %s not firing yet; firing %v", g, a, firing)
				}
			}
		}
		return double["G_mix"] > 0 && double["G_mon_dup"] > 0, fmt.Sprintf("double-owned series by group: %v", double)
	})
	assert.Empty(t, firing["G_mon_ok"], "no alert for the healthy group")
	// The dup ID's share is what both processes hold: the broker lists the
	// ID twice, so AVG deals the 8 queues among 3 slots and the ID takes
	// its first slot's (Java's indexOf): 3 queues.
	var qs []alloc.MessageQueue
	for _, b := range []string{"broker-a", "broker-b"} {
		for i := range 4 {
			qs = append(qs, alloc.MessageQueue{Topic: monDupTopic, BrokerName: b, QueueID: int32(i)})
		}
	}
	plan, err := alloc.AllocateAll(alloc.Averagely(), "G_mon_dup", qs, []string{"127.0.0.1@mdup", "127.0.0.1@mdup", "127.0.0.1@mother"})
	require.NoError(t, err)
	assert.Equal(t, len(plan.Of("127.0.0.1@mdup")), double["G_mon_dup"], "the duplicate ID's share is double-owned")
	gs := monitorGroups(t, srv.URL)
	assert.Equal(t, monitor.StatusOK, gs["G_mon_ok"].Status, gs["G_mon_ok"].Verdict)
	for g := range faulty {
		assert.Equal(t, monitor.StatusProblems, gs[g].Status, "%s: %s", g, gs[g].Verdict)
	}
	t.Logf("the monitor watches %d groups of the kit; firing: %v", len(gs), firing)
	screenshotPage(t, srv.URL)
}

// TestMonitorKit5: the monitor reads the 5.3.3 cluster (its subscription
// groups, its groups' reads) and judges a healthy group ok.
func TestMonitorKit5(t *testing.T) {
	k := theKit
	if k.namesrv5 == "" {
		t.Skip("kit5 (RocketMQ 5.3.3) is not running: no RMQALLOC_LIVE_NAMESRV5")
	}
	t.Parallel()
	hold := k.holdPath("G5_mon")
	k.kit5Consumer(t, "kit5-mon", 2, "-n", k.namesrv5, "-g", "G5_mon", "-t", monTopic5, "-hold", hold, "m5a:avg", "m5b:avg")
	lg := &liveGroup{name: "G5_mon", topics: []string{monTopic5}, holds: []string{hold}, namesrv: k.namesrv5, lines: 2, cids: 2,
		members: map[string]member{"127.0.0.1@m5a": {profile: alloc.Java533.Name(), spec: mustSpec("avg")}, "127.0.0.1@m5b": {profile: alloc.Java533.Name(), spec: mustSpec("avg")}}}
	settle(t, "G5_mon", 150*time.Second, lg.check)
	m, err := monitor.New(monitor.Config{NameServers: []string{k.namesrv5}, Interval: 5 * time.Second})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go m.Run(ctx)
	srv := httptest.NewServer(m.Handler())
	t.Cleanup(srv.Close)
	settle(t, "the monitor judged G5_mon", 60*time.Second, func() (bool, string) {
		g := monitorGroups(t, srv.URL)["G5_mon"]
		return g.Status == monitor.StatusOK, fmt.Sprintf("%+v", g)
	})
	for name := range monitorGroups(t, srv.URL) {
		assert.False(t, monitor.IsSystemGroup(name), "system group %s left out", name)
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func monitorGroups(t *testing.T, base string) map[string]monitor.GroupSummary {
	t.Helper()
	var list []monitor.GroupSummary
	getJSON(t, base+"/api/groups", &list)
	out := map[string]monitor.GroupSummary{}
	for _, g := range list {
		out[g.Group] = g
	}
	return out
}

func getJSON(t *testing.T, u string, v any) {
	t.Helper()
	resp, err := http.Get(u)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	require.Equal(t, 200, resp.StatusCode, "%s: %s", u, b)
	require.NoError(t, json.Unmarshal(b, v), "%s", b)
}

// startPrometheus runs Debian's prometheus on a free 127.0.0.1 port with
// a config written here: one scrape job (the monitor, every 2 s) and the
// shipped rules with `for:` 0s. It is stopped by its PID when the test
// ends. It returns the API's base URL once Prometheus is ready.
func startPrometheus(t *testing.T, prom, target string) string {
	t.Helper()
	_, here, _, _ := runtime.Caller(0)
	rules, err := os.ReadFile(filepath.Join(filepath.Dir(here), "..", "..", "..", "deploy", "prometheus", "rmqalloc-rules.yml"))
	require.NoError(t, err)
	dir := t.TempDir()
	now := regexp.MustCompile(`(?m)^(\s+for:) \S+$`).ReplaceAll(rules, []byte("$1 0s"))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "rules.yml"), now, 0o644))
	cfg := "global:\n  scrape_interval: 2s\n  evaluation_interval: 2s\nrule_files: [rules.yml]\nscrape_configs:\n  - job_name: rmqalloc\n    static_configs:\n      - targets: ['" + target + "']\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "prometheus.yml"), []byte(cfg), 0o644))
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	l.Close()
	cmd := exec.Command(prom, "--config.file="+filepath.Join(dir, "prometheus.yml"), "--storage.tsdb.path="+filepath.Join(dir, "data"),
		"--web.listen-address="+addr, "--log.level=warn")
	log, err := os.Create(filepath.Join(dir, "prometheus.log"))
	require.NoError(t, err)
	cmd.Stdout, cmd.Stderr = log, log
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	})
	base := "http://" + addr
	settle(t, "prometheus ready", 60*time.Second, func() (bool, string) {
		resp, err := http.Get(base + "/-/ready")
		if err != nil {
			return false, err.Error()
		}
		resp.Body.Close()
		b, _ := os.ReadFile(log.Name())
		return resp.StatusCode == 200, string(b)
	})
	return base
}

// promQuery is an instant query's series, as their labels.
func promQuery(t *testing.T, base, q string) []map[string]string {
	var r struct {
		Data struct {
			Result []struct {
				Metric map[string]string `json:"metric"`
			} `json:"result"`
		} `json:"data"`
	}
	getJSON(t, base+"/api/v1/query?query="+url.QueryEscape(q), &r)
	var out []map[string]string
	for _, s := range r.Data.Result {
		out = append(out, s.Metric)
	}
	return out
}

// promAlerts is the firing alerts' names by group.
func promAlerts(t *testing.T, base string) map[string][]string {
	var r struct {
		Data struct {
			Alerts []struct {
				Labels map[string]string `json:"labels"`
				State  string            `json:"state"`
			} `json:"alerts"`
		} `json:"data"`
	}
	getJSON(t, base+"/api/v1/alerts", &r)
	out := map[string][]string{}
	for _, a := range r.Data.Alerts {
		if a.State == "firing" && !contains(out[a.Labels["group"]], a.Labels["alertname"]) {
			out[a.Labels["group"]] = append(out[a.Labels["group"]], a.Labels["alertname"])
		}
	}
	for g := range out {
		sort.Strings(out[g])
	}
	return out
}
