package monitor

import (
	"context"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// chromium runs headless Chromium on u with args and returns its stdout;
// the test is skipped, loudly, without Chromium (make tools installs it).
func chromium(t *testing.T, u string, args ...string) string {
	t.Helper()
	bin, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("!!! chromium not found (make tools installs it): the page is not checked")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	all := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--virtual-time-budget=4000",
		"--user-data-dir=" + t.TempDir()}, args...)
	out, err := exec.CommandContext(ctx, bin, append(all, u)...).Output()
	require.NoError(t, err)
	return string(out)
}

// The page, run by a real browser against a monitor of the stand-in:
// the fleet worst first, and a group's report with its findings and
// queues. With PAGE_SCREENSHOTS=DIR it also saves phone and laptop
// screenshots, light and dark.
func TestPageInChromium(t *testing.T) {
	c := startCluster(t)
	fleet(c)
	c.SetGroup(healthy("消费组-订单", 2))
	m := newMonitor(t, c, nil)
	pass(m)
	pass(m)
	srv := httptest.NewServer(m.Handler())
	defer srv.Close()

	dom := chromium(t, srv.URL+"/", "--dump-dom")
	order := []string{"G_OFFLINE", "G_DOUBLE", "G_NEVER", "G_OK"}
	last := -1
	for _, g := range order {
		i := strings.Index(dom, ">"+g+"<")
		require.GreaterOrEqual(t, i, 0, "the fleet lists %s", g)
		assert.Greater(t, i, last, "worst first: %s after the groups before it", g)
		last = i
	}
	assert.True(t, strings.Contains(dom, "消费组-订单"))
	assert.True(t, strings.Contains(dom, "with problems"))

	dom = chromium(t, srv.URL+"/#/group/"+url.PathEscape("G_DOUBLE"), "--dump-dom")
	for _, want := range []string{">DOUBLE_OWNED<", ">q0 double<", "Over the window: 2 snapshots"} {
		assert.True(t, strings.Contains(dom, want), "the group's report, queue grid and timeline show %q", want)
	}
	assert.False(t, strings.Contains(dom, "[object "), "every part is drawn as elements")

	if dir := os.Getenv("PAGE_SCREENSHOTS"); dir != "" {
		for _, shot := range []struct{ name, size, scheme, hash string }{
			{"fleet-laptop-light", "1366,900", "light", ""}, {"fleet-laptop-dark", "1366,900", "dark", ""},
			{"group-phone-light", "390,844", "light", "#/group/G_DOUBLE"}, {"group-laptop-dark", "1366,900", "dark", "#/group/G_DOUBLE"},
		} {
			p, _ := filepath.Abs(filepath.Join(dir, "monitor-"+shot.name+".png"))
			chromium(t, srv.URL+"/"+shot.hash, "--window-size="+shot.size, "--screenshot="+p, "--force-prefers-color-scheme="+shot.scheme,
				"--blink-settings=preferredColorScheme="+map[string]string{"light": "1", "dark": "0"}[shot.scheme])
		}
	}
}
