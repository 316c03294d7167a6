//go:build !(js && wasm)

package monitor

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// Handler serves the monitor over HTTP:
//
//	GET /                   the live page (and /report.js, /report.css,
//	                        /verified.json: its group report, the
//	                        playground's Diagnose drawing)
//	GET /metrics            Prometheus text format
//	GET /api/groups         every group, worst first ([]GroupSummary)
//	GET /api/groups/{group} one group (GroupDetail); the name path-escaped
//	GET /healthz            200 while the process serves
//	GET /readyz             200 once a pass has read the cluster, 503 before
func (m *Monitor) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.metricsHandler())
	mux.HandleFunc("GET /api/groups", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, m.Groups())
	})
	mux.HandleFunc("GET /api/groups/", func(w http.ResponseWriter, r *http.Request) {
		name, ok := groupFromPath(r)
		if !ok {
			writeJSON(w, http.StatusBadRequest, apiError{"the group name in the path is not valid percent-encoding"})
			return
		}
		d, found := m.Group(name)
		if !found {
			writeJSON(w, http.StatusNotFound, apiError{"no group " + strconv.Quote(name) + " is watched"})
			return
		}
		writeJSON(w, http.StatusOK, d)
	})
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte("ok\n"))
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		if !m.Ready() {
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write([]byte("not ready: no pass has read the cluster yet\n"))
			return
		}
		_, _ = w.Write([]byte("ready\n"))
	})
	mux.Handle("GET /{$}", pageHandler())
	mux.Handle("GET /report.js", assetHandler("page/report.js", "text/javascript; charset=utf-8"))
	mux.Handle("GET /report.css", assetHandler("page/report.css", "text/css; charset=utf-8"))
	mux.Handle("GET /verified.json", assetHandler("page/verified.json", "application/json"))
	return mux
}

type apiError struct {
	Error string `json:"error"`
}

// groupFromPath is the group named after /api/groups/, decoded from the
// raw path so that an escaped '/' or '%' (%RETRY%-like names) stays part
// of the name.
func groupFromPath(r *http.Request) (string, bool) {
	raw := r.URL.EscapedPath()
	const prefix = "/api/groups/"
	if !strings.HasPrefix(raw, prefix) {
		return "", false
	}
	name, err := url.PathUnescape(raw[len(prefix):])
	if err != nil || name == "" {
		return "", false
	}
	return name, true
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}
