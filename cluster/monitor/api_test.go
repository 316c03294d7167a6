package monitor

import (
	"compress/gzip"
	"io"
	"net/http/httptest"
	"net/url"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// promtool is the path of Prometheus's promtool; the test is skipped,
// loudly, without it (make test installs Debian's prometheus).
func promtool(t *testing.T) string {
	p, err := exec.LookPath("promtool")
	if err != nil {
		t.Skip("!!! promtool not found (apt-get install prometheus; make tools does): not checked")
	}
	return p
}

// /metrics passes `promtool check metrics` without a word: names, units,
// help and types by Prometheus's conventions.
func TestMetricsPromtoolClean(t *testing.T) {
	tool := promtool(t)
	c := startCluster(t)
	fleet(c)
	c.StopNameServer(0) // a read error too
	m := newMonitor(t, c, nil)
	pass(m)
	pass(m)
	code, body := get(t, m.Handler(), "/metrics")
	require.Equal(t, 200, code)
	for _, name := range []string{"rmqalloc_group_status", "rmqalloc_group_queues", "rmqalloc_group_findings", "rmqalloc_queue_lag",
		"rmqalloc_queue_owners", "rmqalloc_owner_changes_total", "rmqalloc_read_duration_seconds", "rmqalloc_read_errors_total", "rmqalloc_up"} {
		assert.True(t, strings.Contains(body, "\n# TYPE "+name+" "), "the issue's fixed name %s", name)
	}
	cmd := exec.Command(tool, "check", "metrics")
	cmd.Stdin = strings.NewReader(body)
	out, err := cmd.CombinedOutput()
	assert.NoError(t, err)
	assert.Empty(t, string(out), "promtool check metrics")
}

// A group's name goes in the path percent-encoded, whatever it holds:
// Unicode, %RETRY%-like percent signs, '/', spaces, '?', '#'.
func TestAPIGroupNamesInPath(t *testing.T) {
	c := startCluster(t)
	odd := []string{"%RETRY%G_X", "消费组-订单", "a/b", "q?x#y", "100%", "G_OK"}
	for _, n := range odd {
		c.SetGroup(healthy(n, 1))
	}
	m := newMonitor(t, c, nil)
	pass(m)
	h := m.Handler()
	for _, n := range odd {
		d := detail(t, h, n)
		assert.Equal(t, n, d.Group)
		if rocketmqName.MatchString(n) {
			require.NotNil(t, d.Report, "%s: %s %v", n, d.Verdict, d.Error)
			assert.True(t, d.Report.OK, "%s: %s", n, d.Report.Verdict)
		} else {
			// RocketMQ refuses such names; a group so named is still found
			// by its path and says why it is not judged.
			assert.NotEmpty(t, d.Verdict, n)
		}
		// and with every byte escaped
		var all strings.Builder
		for _, b := range []byte(n) {
			all.WriteString("%" + strings.ToUpper(hex2(b)))
		}
		code, body := get(t, h, "/api/groups/"+all.String())
		assert.Equal(t, 200, code, "%s: %s", n, body)
	}
	// RocketMQ's names have no spaces (the mqadmin texts the doctor reads
	// are column-aligned); such a group is still found by its path.
	c.SetGroup(healthy("has space", 1))
	pass(m)
	d := detail(t, h, "has space")
	assert.Equal(t, "has space", d.Group)
	code, body := get(t, h, "/api/groups/"+url.PathEscape("NOT_THERE"))
	assert.Equal(t, 404, code)
	assert.Contains(t, body, `no group \"NOT_THERE\" is watched`)
}

// rocketmqName is the characters RocketMQ allows in topic and group
// names (Validators: ^[%|a-zA-Z0-9_-]+$).
var rocketmqName = regexp.MustCompile(`^[%|a-zA-Z0-9_-]+$`)

func hex2(b byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[b>>4], digits[b&15]})
}

func TestHealthAndReady(t *testing.T) {
	c := startCluster(t)
	m := newMonitor(t, c, nil)
	h := m.Handler()
	code, _ := get(t, h, "/healthz")
	assert.Equal(t, 200, code)
	code, body := get(t, h, "/readyz")
	assert.Equal(t, 503, code, "no pass yet")
	assert.Contains(t, body, "not ready")
	pass(m)
	code, _ = get(t, h, "/readyz")
	assert.Equal(t, 200, code)
	code, body = get(t, h, "/")
	assert.Equal(t, 200, code)
	assert.Contains(t, body, "<title>")
}

// /metrics with gzip (two gzip members: fresh, then the pass's series)
// reads as the same text as without.
func TestMetricsGzip(t *testing.T) {
	c := startCluster(t)
	fleet(c)
	m := newMonitor(t, c, nil)
	pass(m)
	h := m.Handler()
	r := httptest.NewRequest("GET", "http://monitor/metrics", nil)
	r.Header.Set("Accept-Encoding", "gzip")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	require.Equal(t, "gzip", w.Header().Get("Content-Encoding"))
	z, err := gzip.NewReader(w.Body)
	require.NoError(t, err)
	unzipped, err := io.ReadAll(z)
	require.NoError(t, err)
	_, plain := get(t, h, "/metrics")
	// The runtime's series move between two scrapes; the groups' do not.
	groupLines := func(s string) []string {
		var out []string
		for _, l := range strings.Split(s, "\n") {
			if strings.HasPrefix(l, "rmqalloc_group") || strings.HasPrefix(l, "rmqalloc_queue") {
				out = append(out, l)
			}
		}
		return out
	}
	require.NotEmpty(t, groupLines(plain))
	assert.Equal(t, groupLines(plain), groupLines(string(unzipped)))
	assert.True(t, strings.HasPrefix(w.Header().Get("Content-Type"), "text/plain; version=0.0.4"))
}
