package monitor

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/monitor/internal/standin"
	"github.com/stretchr/testify/require"
)

// startCluster is a stand-in with two NameServers, brokers broker-a and
// broker-b, and topic T of 4 queues per broker.
func startCluster(t *testing.T) *standin.Cluster {
	t.Helper()
	c, err := standin.Start(2, "broker-a", "broker-b")
	require.NoError(t, err)
	t.Cleanup(c.Close)
	c.SetTopic("T", 4)
	return c
}

// healthy is a group of n members owning their AVG shares.
func healthy(name string, n int) *standin.Group {
	g := &standin.Group{Name: name, Topic: "T"}
	for i := range n {
		g.Members = append(g.Members, standin.Member{ClientID: "10.0.0." + strconv.Itoa(i+1) + "@" + name})
	}
	return g
}

func mq(broker string, id int32) alloc.MessageQueue {
	return alloc.MessageQueue{Topic: "T", BrokerName: broker, QueueID: id}
}

// newMonitor is a monitor of c with a short interval.
func newMonitor(t *testing.T, c *standin.Cluster, tune func(*Config)) *Monitor {
	t.Helper()
	cfg := Config{NameServers: c.NameServers, Interval: 2 * time.Second, RunningInfoRate: -1}
	if tune != nil {
		tune(&cfg)
	}
	m, err := New(cfg)
	require.NoError(t, err)
	t.Cleanup(m.pool.close)
	return m
}

// get is GET path on h, its status and body.
func get(t *testing.T, h http.Handler, path string) (int, string) {
	t.Helper()
	r := httptest.NewRequest("GET", "http://monitor"+path, nil)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	b, _ := io.ReadAll(w.Result().Body)
	return w.Code, string(b)
}

func groupsOfAPI(t *testing.T, h http.Handler) map[string]GroupSummary {
	t.Helper()
	code, body := get(t, h, "/api/groups")
	require.Equal(t, 200, code, body)
	var list []GroupSummary
	require.NoError(t, json.Unmarshal([]byte(body), &list))
	out := map[string]GroupSummary{}
	for _, g := range list {
		out[g.Group] = g
	}
	return out
}

func detail(t *testing.T, h http.Handler, group string) GroupDetail {
	t.Helper()
	code, body := get(t, h, "/api/groups/"+url.PathEscape(group))
	require.Equal(t, 200, code, body)
	var d GroupDetail
	require.NoError(t, json.Unmarshal([]byte(body), &d))
	return d
}

func pass(m *Monitor) { m.Pass(context.Background()) }

// metric is every series of the named metric, keyed by its labels
// (name=value, sorted, comma-separated).
func metric(t *testing.T, m *Monitor, name string) map[string]float64 {
	t.Helper()
	fams, err := m.Gatherer().Gather()
	require.NoError(t, err)
	out := map[string]float64{}
	for _, f := range fams {
		if f.GetName() != name {
			continue
		}
		for _, s := range f.GetMetric() {
			var ls []string
			for _, l := range s.GetLabel() {
				ls = append(ls, l.GetName()+"="+l.GetValue())
			}
			sort.Strings(ls)
			v := s.GetGauge().GetValue()
			if s.Counter != nil {
				v = s.GetCounter().GetValue()
			}
			out[strings.Join(ls, ",")] = v
		}
	}
	return out
}
