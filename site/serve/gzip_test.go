package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func getWith(t *testing.T, h http.Handler, target, acceptEncoding string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, "http://127.0.0.1"+target, nil)
	if acceptEncoding != "" {
		req.Header.Set("Accept-Encoding", acceptEncoding)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func gunzip(t *testing.T, b []byte) string {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	mustNoErr(t, err)
	out, err := io.ReadAll(zr)
	mustNoErr(t, err)
	return string(out)
}

// bigRepo: a fake repository with a module and a script big enough to be gzipped.
func bigRepo(t *testing.T) (string, string, string) {
	root := fakeRepo(t)
	module := "\x00asm\x01\x00\x00\x00" + strings.Repeat("module bytes that repeat ", 4000)
	script := "export const x = '" + strings.Repeat("ab", 2000) + "';"
	mustNoErr(t, os.WriteFile(filepath.Join(root, "js", "rmqalloc-full.wasm"), []byte(module), 0o644))
	mustNoErr(t, os.WriteFile(filepath.Join(root, "site", "app.js"), []byte(script), 0o644))
	return root, module, script
}

func TestGzipWhenAccepted(t *testing.T) {
	root, module, script := bigRepo(t)
	h := Handler(root)
	cases := []struct {
		path, ctype, body string
	}{
		{"/js/rmqalloc-full.wasm", "application/wasm", module},
		{"/app.js", "text/javascript; charset=utf-8", script},
	}
	for _, c := range cases {
		rec := getWith(t, h, c.path, "gzip, deflate, br")
		wantEq(t, http.StatusOK, rec.Code, c.path, "status")
		wantEq(t, "gzip", rec.Header().Get("Content-Encoding"), c.path, "Content-Encoding")
		wantEq(t, c.ctype, rec.Header().Get("Content-Type"), c.path, "Content-Type")
		wantEq(t, "Accept-Encoding", rec.Header().Get("Vary"), c.path, "Vary")
		wantEq(t, c.body, gunzip(t, rec.Body.Bytes()), c.path, "body")
		assert.False(t, rec.Body.Len() >= len(c.body)/4, "%s: %d gzipped bytes of %d", c.path, rec.Body.Len(), len(c.body))
	}
}

func TestPlainWhenNotAcceptedOrSmall(t *testing.T) {
	root, module, _ := bigRepo(t)
	h := Handler(root)
	for _, ae := range []string{"", "identity", "br", "gzip;q=0", "deflate, gzip; q=0"} {
		rec := getWith(t, h, "/js/rmqalloc-full.wasm", ae)
		wantEq(t, "", rec.Header().Get("Content-Encoding"), ae, "Content-Encoding")
		wantEq(t, module, rec.Body.String(), ae, "body")
		wantEq(t, "Accept-Encoding", rec.Header().Get("Vary"), ae, "Vary")
	}
	// Below gzipMin: as it is.
	rec := getWith(t, h, "/style.css", "gzip")
	wantEq(t, "", rec.Header().Get("Content-Encoding"), "small file")
	wantEq(t, "body{}", rec.Body.String(), "small file")
	// Not a compressible type: as it is.
	mustNoErr(t, os.WriteFile(filepath.Join(root, "site", "shot.png"), bytes.Repeat([]byte{1}, 5000), 0o644))
	rec = getWith(t, h, "/shot.png", "gzip")
	wantEq(t, "", rec.Header().Get("Content-Encoding"), "png")
}

func TestGzipFollowsAChangedFile(t *testing.T) {
	root, _, script := bigRepo(t)
	h := Handler(root)
	wantEq(t, script, gunzip(t, getWith(t, h, "/app.js", "gzip").Body.Bytes()), "first")
	changed := script + "\nexport const y = 2;"
	p := filepath.Join(root, "site", "app.js")
	mustNoErr(t, os.WriteFile(p, []byte(changed), 0o644))
	mustNoErr(t, os.Chtimes(p, time.Now().Add(time.Minute), time.Now().Add(time.Minute)))
	wantEq(t, changed, gunzip(t, getWith(t, h, "/app.js", "gzip").Body.Bytes()), "after the change")
}

func TestAcceptsGzip(t *testing.T) {
	for ae, want := range map[string]bool{
		"gzip": true, "GZIP": true, "br, gzip": true, "gzip;q=0.5": true, "gzip; q=1": true,
		"": false, "br": false, "gzip;q=0": false, "gzip;q=0.000": false, "x-gzip2": false,
	} {
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.Header.Set("Accept-Encoding", ae)
		wantEq(t, want, acceptsGzip(req), ae)
	}
}
