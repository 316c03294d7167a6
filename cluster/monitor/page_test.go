//go:build !(js && wasm)

package monitor

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
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
	// The group's report is the playground's Diagnose drawing (report.js):
	// its verdict, findings list, queue grid, the not-ok queues' table by
	// likely cause and the timeline, as the Diagnose tab draws them.
	for _, want := range []string{
		`id="dx-verdict"`, `class="dx-findings"`, `data-code="DOUBLE_OWNED"`, `<rmq-grid`,
		"Queues that are not ok, by likely cause", `class="dx-table"`, `data-label="Status"`, ">double-owned<",
		`class="dx-timeline"`, "The report as text (what rmqalloc doctor prints)",
	} {
		assert.True(t, strings.Contains(dom, want), "the group's report shows %q as Diagnose draws it", want)
	}
	// The queue table's offsets come from the window's last snapshot.
	assert.Regexp(t, `data-label="Broker offset">[0-9]`, dom)
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

// The page's assets are served from the binary, and the committed bundle
// is built from the sources as they are: each output's first line names
// its inputs and their sha256 (page/build.mjs; `make build` rebuilds).
func TestPageAssets(t *testing.T) {
	m, err := New(Config{NameServers: []string{"127.0.0.1:1"}}) // never run: only its handler
	require.NoError(t, err)
	srv := httptest.NewServer(m.Handler())
	defer srv.Close()
	for _, a := range []struct{ path, ctype, want string }{
		{"/", "text/html", `<link rel="stylesheet" href="/report.css">`},
		{"/report.js", "text/javascript", "renderReport"},
		{"/report.css", "text/css", ".dx-findings"},
		{"/verified.json", "application/json", `"profiles"`},
	} {
		resp, err := http.Get(srv.URL + a.path)
		require.NoError(t, err)
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		assert.Equal(t, 200, resp.StatusCode, a.path)
		assert.Contains(t, resp.Header.Get("Content-Type"), a.ctype, a.path)
		assert.Contains(t, string(b), a.want, a.path)
	}
	for _, out := range []string{"page/report.js", "page/report.css"} {
		b, err := pageFS.ReadFile(out)
		require.NoError(t, err)
		first, _, _ := strings.Cut(string(b), "\n")
		m := regexp.MustCompile(`inputs sha256 ([0-9a-f]{64}): (.*) \*/$`).FindStringSubmatch(first)
		require.NotNil(t, m, "%s starts with its inputs' hash", out)
		h := sha256.New()
		for _, p := range strings.Fields(m[2]) {
			src, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(p)))
			require.NoError(t, err, "%s: input %s", out, p)
			h.Write([]byte(p + "\x00"))
			h.Write(src)
			h.Write([]byte("\x00"))
		}
		assert.Equal(t, m[1], hex.EncodeToString(h.Sum(nil)), "%s is stale: run make build (node cluster/monitor/page/build.mjs) and commit it", out)
	}
	// verified.json is copied, not bundled (go:embed reaches no file
	// outside the package): the copy must be the site's.
	copied, err := pageFS.ReadFile("page/verified.json")
	require.NoError(t, err)
	site, err := os.ReadFile(filepath.Join("..", "..", "site", "verified.json"))
	require.NoError(t, err)
	assert.True(t, bytes.Equal(site, copied), "page/verified.json differs from site/verified.json: run make build and commit it")
}
