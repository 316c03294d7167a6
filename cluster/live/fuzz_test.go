package live

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// Any bytes: an error or a command, never a panic; a decoded body renders
// or fails cleanly.
func FuzzDecodeFrame(f *testing.F) {
	names, _ := filepath.Glob("testdata/kit/frames/*.frame")
	for _, n := range names {
		b, _ := os.ReadFile(n)
		f.Add(b)
	}
	f.Add([]byte{0, 0, 0, 4, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := DecodeFrame(b)
		if err != nil {
			return
		}
		_, _ = renderRoute(c.Body)
		if cn, err := decodeConnection(c.Body); err == nil {
			_ = renderConnection(cn)
		}
		if st, err := decodeConsumeStats(c.Body); err == nil {
			_, _ = renderProgress([]*consumeStats{st}, nil, time.UTC)
		}
		if ri, err := decodeRunningInfo(c.Body); err == nil {
			_, _ = renderStatus(ri, time.UTC, false)
			_, _ = renderStatus(ri, time.UTC, true)
		}
	})
}
