//go:build !(js && wasm)

package monitor

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"sync"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
)

// textFormat is the exposition /metrics answers with: Prometheus's text
// format, which every Prometheus scrapes.
var textFormat = expfmt.NewFormat(expfmt.TypeTextPlain)

// scrapeText is the per-group series of one completed pass, written once:
// they are most of a big cluster's /metrics (13.7 MB of text for 2,000
// groups of 32 queues), and only a pass changes them. Only the gzip form
// is kept (0.72 MB there); a scrape without gzip gets it inflated.
type scrapeText struct {
	pass uint64
	gzip []byte
}

// metricsHandler serves /metrics: the monitor's own series and the
// runtime's, encoded at each scrape, followed by the per-group series of
// the last completed pass, encoded once per pass. The two sets of metric
// names are disjoint, so the text concatenates; with gzip, as two gzip
// members (RFC 1952 allows several; Go's and so Prometheus's reader read
// them as one stream).
func (m *Monitor) metricsHandler() http.Handler {
	fresh := m.ownRegistry()
	var mu sync.Mutex
	var cached *scrapeText
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m.mu.RLock()
		pass := m.passes
		m.mu.RUnlock()
		mu.Lock()
		if cached == nil || cached.pass != pass {
			// Written as a stream (series.go), gzipped as it is written.
			z, err := groupsGzip(m)
			if err != nil {
				mu.Unlock()
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			cached = &scrapeText{pass: pass, gzip: z}
		}
		text := cached
		mu.Unlock()
		fams, err := fresh.Gather()
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", string(textFormat))
		if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			w.Header().Set("Content-Encoding", "gzip")
			_, _ = w.Write(encodeGzip(fams))
			_, _ = w.Write(text.gzip)
			return
		}
		encode(w, fams)
		if z, err := gzip.NewReader(bytes.NewReader(text.gzip)); err == nil {
			_, _ = io.Copy(w, z)
		}
	})
}

// scrapeGzipLevel is the per-group text's compression: BestSpeed (see
// docs/monitor.md, Scale, for what the default level would cost).
const scrapeGzipLevel = gzip.BestSpeed

// groupsGzip is the per-group series now, gzipped as they are written.
func groupsGzip(m *Monitor) ([]byte, error) {
	var b bytes.Buffer
	z, _ := gzip.NewWriterLevel(&b, scrapeGzipLevel)
	if err := writeGroups(z, m); err != nil {
		return nil, err
	}
	if err := z.Close(); err != nil {
		return nil, err
	}
	return bytes.Clone(b.Bytes()), nil // no spare capacity kept for the pass
}

// encodeGzip is fams in the text format, gzipped as it is encoded.
func encodeGzip(fams []*dto.MetricFamily) []byte {
	var b bytes.Buffer
	z, _ := gzip.NewWriterLevel(&b, gzip.BestSpeed)
	encode(z, fams)
	_ = z.Close()
	return b.Bytes()
}

// encode writes fams in the text format (a write error is the client's
// going away: nothing to do about it).
func encode(w io.Writer, fams []*dto.MetricFamily) {
	enc := expfmt.NewEncoder(w, textFormat)
	for _, f := range fams {
		_ = enc.Encode(f)
	}
}
