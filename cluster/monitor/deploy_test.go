package monitor

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const (
	rulesFile     = "../../deploy/prometheus/rmqalloc-rules.yml"
	rulesTestFile = "../../deploy/prometheus/rmqalloc-rules.test.yml"
	dashboardFile = "../../deploy/grafana/rmqalloc-dashboard.json"
)

// The shipped alert rules load (promtool check rules) and fire as their
// worked examples say (promtool test rules).
func TestAlertRules(t *testing.T) {
	tool := promtool(t)
	out, err := exec.Command(tool, "check", "rules", rulesFile).CombinedOutput()
	require.NoError(t, err, "%s", out)
	out, err = exec.Command(tool, "test", "rules", rulesTestFile).CombinedOutput()
	require.NoError(t, err, "%s", out)
}

// exposed is every series name the monitor exposes (a histogram's
// _bucket, _sum and _count included), from a monitor that saw every kind
// of group and a read error.
func exposed(t *testing.T) map[string]bool {
	c := startCluster(t)
	fleet(c)
	c.StopNameServer(0)
	m := newMonitor(t, c, nil)
	pass(m)
	pass(m)
	fams, err := m.Gatherer().Gather()
	require.NoError(t, err)
	names := map[string]bool{}
	for _, f := range fams {
		names[f.GetName()] = true
		if f.GetType().String() == "HISTOGRAM" {
			for _, s := range []string{"_bucket", "_sum", "_count"} {
				names[f.GetName()+s] = true
			}
		}
	}
	return names
}

var metricName = regexp.MustCompile(`\brmqalloc_[a-z0-9_]+\b`)

// dashboardQueries is every PromQL of the dashboard: panel targets and
// template variable queries.
func dashboardQueries(t *testing.T) []string {
	b, err := os.ReadFile(dashboardFile)
	require.NoError(t, err)
	var d struct {
		Panels []struct {
			Title   string `json:"title"`
			Targets []struct {
				Expr string `json:"expr"`
			} `json:"targets"`
		} `json:"panels"`
		Templating struct {
			List []struct {
				Definition string `json:"definition"`
			} `json:"list"`
		} `json:"templating"`
	}
	require.NoError(t, json.Unmarshal(b, &d), dashboardFile)
	var out []string
	for _, p := range d.Panels {
		require.NotEmpty(t, p.Targets, "panel %q has no query", p.Title)
		for _, tg := range p.Targets {
			out = append(out, tg.Expr)
		}
	}
	for _, v := range d.Templating.List {
		if v.Definition != "" {
			out = append(out, v.Definition)
		}
	}
	return out
}

// Every metric the dashboard and the rules name is one the monitor
// exposes, and every dashboard query is valid PromQL (promtool checks it
// as a recording rule, Grafana's variables given values).
func TestDashboardAndRulesUseExposedMetrics(t *testing.T) {
	names := exposed(t)
	queries := dashboardQueries(t)
	require.NotEmpty(t, queries)
	rules, err := os.ReadFile(rulesFile)
	require.NoError(t, err)
	for _, src := range append(queries, string(rules)) {
		for _, n := range metricName.FindAllString(src, -1) {
			assert.True(t, names[n], "%s is not a metric the monitor exposes (in %q)", n, src)
		}
	}
	tool := promtool(t)
	var b strings.Builder
	b.WriteString("groups:\n  - name: dashboard\n    rules:\n")
	for i, q := range queries {
		if strings.HasPrefix(q, "label_values(") {
			continue // Grafana's own function, not PromQL
		}
		q = strings.NewReplacer("$__rate_interval", "1m", "$group", ".*").Replace(q)
		b.WriteString("      - record: dashboard_query_" + strconv.Itoa(i) + "\n        expr: " + strconv.Quote(q) + "\n")
	}
	p := filepath.Join(t.TempDir(), "dashboard-rules.yml")
	require.NoError(t, os.WriteFile(p, []byte(b.String()), 0o644))
	out, err := exec.Command(tool, "check", "rules", p).CombinedOutput()
	require.NoError(t, err, "%s", out)
}
