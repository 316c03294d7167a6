package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeRepo lays out a tiny repository: site/ with a page and a module, js/
// with a package entry and a module, plus files that must never be served.
func fakeRepo(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	files := map[string]string{
		"site/index.html":              "<!doctype html><title>t</title>",
		"site/app.js":                  "export const x = 1;",
		"site/style.css":               "body{}",
		"site/sub/index.html":          "sub",
		"site/nodir/a.txt":             "a",
		"site/.hidden":                 "secret",
		"site/node_modules/p/index.js": "dep",
		"js/index.js":                  "export function load() {}",
		"js/index.d.ts":                "export declare function load(): void;",
		"js/rmqalloc.wasm":             "\x00asm\x01\x00\x00\x00",
		"go.mod":                       "module example",
		"secret.txt":                   "outside",
	}
	for name, body := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		mustNoErr(t, os.MkdirAll(filepath.Dir(p), 0o755))
		mustNoErr(t, os.WriteFile(p, []byte(body), 0o644))
	}
	return root
}

func get(t *testing.T, h http.Handler, method, target string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, "http://127.0.0.1/", nil)
	req.URL.Path = target // raw, so that "..", "%2e" and friends reach the handler unchanged
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestServesFilesWithPinnedTypes(t *testing.T) {
	h := Handler(fakeRepo(t))
	cases := []struct {
		path, ctype, body string
	}{
		{"/", "text/html; charset=utf-8", "<!doctype html><title>t</title>"},
		{"/index.html", "text/html; charset=utf-8", "<!doctype html><title>t</title>"},
		{"/app.js", "text/javascript; charset=utf-8", "export const x = 1;"},
		{"/style.css", "text/css; charset=utf-8", "body{}"},
		{"/sub/", "text/html; charset=utf-8", "sub"},
		{"/js/index.js", "text/javascript; charset=utf-8", "export function load() {}"},
		{"/js/index.d.ts", "text/plain; charset=utf-8", "export declare function load(): void;"},
		{"/js/rmqalloc.wasm", "application/wasm", "\x00asm\x01\x00\x00\x00"},
	}
	for _, c := range cases {
		t.Run(c.path, func(t *testing.T) {
			rec := get(t, h, http.MethodGet, c.path)
			require.False(t, rec.Code != http.StatusOK, "status %d", rec.Code)
			wantEq(t, c.ctype, rec.Header().Get("Content-Type"))
			wantEq(t, c.body, rec.Body.String())
			wantEq(t, "nosniff", rec.Header().Get("X-Content-Type-Options"))
			wantEq(t, "no-cache", rec.Header().Get("Cache-Control"))
		})
	}
}

func TestEveryResponseCarriesCSP(t *testing.T) {
	h := Handler(fakeRepo(t))
	for _, p := range []string{"/", "/js/index.js", "/missing", "/../secret.txt"} {
		rec := get(t, h, http.MethodGet, p)
		wantEq(t, "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'",
			rec.Header().Get("Content-Security-Policy"), p)
	}
}

func TestNotFound(t *testing.T) {
	h := Handler(fakeRepo(t))
	for _, p := range []string{
		"/missing.html",
		"/js/missing.js",
		"/nodir/",  // directory without index.html: no listing
		"/nodir",   // directory itself
		"/js",      // the package directory itself
		"/js/",     // no index.html there
		"/.hidden", // dot files
		"/node_modules/p/index.js",
		"/serve.go",
	} {
		rec := get(t, h, http.MethodGet, p)
		wantEq(t, http.StatusNotFound, rec.Code, p)
	}
}

func TestNoPathTraversal(t *testing.T) {
	h := Handler(fakeRepo(t))
	for _, p := range []string{
		"/../secret.txt",
		"/../go.mod",
		"/js/../../secret.txt",
		"/js/../go.mod",
		"/sub/../../secret.txt",
		"/..%2fsecret.txt",
		"/..\\secret.txt",
		"/js/..\\..\\secret.txt",
		"//secret.txt",
		"/\x00",
		"secret.txt",
	} {
		rec := get(t, h, http.MethodGet, p)
		assert.False(t, rec.Code == http.StatusOK || strings.Contains(rec.Body.String(), "outside") || strings.Contains(rec.Body.String(), "module example"), "%q: served %d %q", p, rec.Code, rec.Body.String())
	}
}

func TestOnlyGetAndHead(t *testing.T) {
	h := Handler(fakeRepo(t))
	rec := get(t, h, http.MethodHead, "/app.js")
	wantEq(t, http.StatusOK, rec.Code)
	wantEq(t, "", rec.Body.String())
	rec = get(t, h, http.MethodPost, "/app.js")
	wantEq(t, http.StatusMethodNotAllowed, rec.Code)
	wantEq(t, "GET, HEAD", rec.Header().Get("Allow"))
}

func TestFindRoot(t *testing.T) {
	root := fakeRepo(t)
	deep := filepath.Join(root, "site", "sub")
	got, err := findRoot(deep)
	mustNoErr(t, err)
	wantEq(t, root, got)

	_, err = findRoot(t.TempDir())
	mustErrContaining(t, err, "pass -root")
}

func TestRunRejectsRootWithoutSite(t *testing.T) {
	var out, errOut bytes.Buffer
	err := run([]string{"-root", t.TempDir(), "-addr", "127.0.0.1:0"}, &out, &errOut)
	mustErrContaining(t, err, "no site/index.html")
	wantEq(t, "", out.String())
}

func TestRunRejectsBadFlag(t *testing.T) {
	var out, errOut bytes.Buffer
	err := run([]string{"-nope"}, &out, &errOut)
	mustErrContaining(t, err, "-nope")
	assert.False(t, !strings.Contains(errOut.String(), "-nope"), "usage output %q does not name the flag", errOut.String())
}
