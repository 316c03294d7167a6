//go:build !(js && wasm)

package monitor

import (
	"embed"
	"net/http"
)

// The page and its assets are in the binary: `go install` is all an
// operator needs. report.js and report.css are the playground's Diagnose
// drawing, bundled by page/build.mjs (`make build`) and committed.
//
//go:embed page/index.html page/report.js page/report.css page/verified.json
var pageFS embed.FS

// pageCSP: the page's own script and styles only; inline ones for the
// page itself and the report's grid (a shadow root's <style>).
const pageCSP = "default-src 'self'; style-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-inline'"

// pageHandler serves the live page: one file that polls the JSON API and
// draws a group's report with report.js.
func pageHandler() http.Handler { return assetHandler("page/index.html", "text/html; charset=utf-8") }

// assetHandler serves one embedded file.
func assetHandler(name, contentType string) http.Handler {
	b, _ := pageFS.ReadFile(name)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", contentType)
		w.Header().Set("Content-Security-Policy", pageCSP)
		w.Header().Set("X-Content-Type-Options", "nosniff")
		_, _ = w.Write(b)
	})
}
