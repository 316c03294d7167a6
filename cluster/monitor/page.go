package monitor

import (
	"embed"
	"net/http"
)

//go:embed page/index.html
var pageFS embed.FS

// pageHandler serves the live page: one self-contained file that polls
// the JSON API.
func pageHandler() http.Handler {
	b, _ := pageFS.ReadFile("page/index.html")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-inline'")
		_, _ = w.Write(b)
	})
}
