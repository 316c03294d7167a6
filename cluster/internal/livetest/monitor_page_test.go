//go:build live

package livetest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// screenshotPage opens the monitor's page against the real cluster in
// headless Chromium: the fleet lists the faulty groups before the
// healthy one, and G_mon_dup's page shows its duplicate client ID. It
// saves a screenshot of each in test-results/.
func screenshotPage(t *testing.T, base string) {
	t.Helper()
	bin, err := exec.LookPath("chromium")
	if err != nil {
		t.Log("!!! chromium not found: the page is not checked against the real cluster")
		return
	}
	_, here, _, _ := runtime.Caller(0)
	out := filepath.Join(filepath.Dir(here), "..", "..", "..", "test-results")
	require.NoError(t, os.MkdirAll(out, 0o755))
	browse := func(u string, args ...string) string {
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		defer cancel()
		all := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--virtual-time-budget=4000",
			"--user-data-dir=" + t.TempDir()}, args...)
		b, err := exec.CommandContext(ctx, bin, append(all, u)...).Output()
		require.NoError(t, err)
		return string(b)
	}
	dom := browse(base+"/", "--dump-dom")
	ok := strings.Index(dom, ">G_mon_ok<")
	require.GreaterOrEqual(t, ok, 0, "the fleet lists G_mon_ok")
	for _, g := range []string{"G_mon_dup", "G_mon_off", "G_mix"} {
		i := strings.Index(dom, ">"+g+"<")
		assert.True(t, i >= 0 && i < ok, "%s is listed, before the healthy G_mon_ok", g)
	}
	dom = browse(base+"/#/group/G_mon_dup", "--dump-dom")
	assert.True(t, strings.Contains(dom, ">DUPLICATE_CLIENT_ID<"), "G_mon_dup's findings on its page")
	// Drawn by the playground's Diagnose code (report.js): its findings
	// list, queue grid, queue table with the offsets and timeline.
	for _, want := range []string{`id="dx-verdict"`, `class="dx-findings"`, `data-code="DUPLICATE_CLIENT_ID"`, `<rmq-grid`,
		`data-label="Broker offset"`, `class="dx-timeline"`} {
		assert.True(t, strings.Contains(dom, want), "G_mon_dup's report shows %q as Diagnose draws it", want)
	}
	browse(base+"/", "--window-size=1366,900", "--screenshot="+filepath.Join(out, "monitor-live-fleet.png"))
	browse(base+"/#/group/G_mon_dup", "--window-size=390,844", "--screenshot="+filepath.Join(out, "monitor-live-dup-phone.png"))
}
