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

// scrapeText is the per-group series of one completed pass, encoded once:
// they are most of a big cluster's /metrics (13.75 MB of text for 2,000
// groups of 32 queues), and only a pass changes them. Only the gzip form
// is kept (0.66 MB there); a scrape without gzip gets it inflated.
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
			// Gathered afresh and dropped once encoded: the gathered form
			// of 176,000 series holds ~116 MB, the gzip text 0.66 MB.
			fams, err := gatherGroups(m)
			if err != nil {
				mu.Unlock()
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			cached = &scrapeText{pass: pass, gzip: encodeGzip(fams)}
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

// encodeGzip is fams in the text format, gzipped as it is encoded.
func encodeGzip(fams []*dto.MetricFamily) []byte {
	var b bytes.Buffer
	z, _ := gzip.NewWriterLevel(&b, gzip.BestSpeed)
	encode(z, fams)
	_ = z.Close()
	return bytes.Clone(b.Bytes()) // no spare capacity kept for the pass
}

// encode writes fams in the text format (a write error is the client's
// going away: nothing to do about it).
func encode(w io.Writer, fams []*dto.MetricFamily) {
	enc := expfmt.NewEncoder(w, textFormat)
	for _, f := range fams {
		_ = enc.Encode(f)
	}
}
