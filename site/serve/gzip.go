package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"
)

// compressible names the types worth gzipping: text and WebAssembly
// (the full module, 4.7 MB, is about 1.3 MB gzipped). Images are not.
var compressible = map[string]bool{
	".html": true, ".js": true, ".mjs": true, ".css": true, ".json": true,
	".wasm": true, ".svg": true, ".ts": true, ".md": true, ".map": true,
}

// gzipMin: smaller files are sent as they are (the header costs more than it saves).
const gzipMin = 1024

// gzipCache holds each file's gzip -9 form, made once per version of the
// file (its size and modification time): the modules are compressed on
// their first request (or at start, see warm), then served precompressed.
// Go's standard library has no brotli encoder, so gzip is what is offered.
type gzipCache struct {
	mu      sync.Mutex
	entries map[string]*gzEntry
}

type gzEntry struct {
	size    int64
	modTime time.Time
	once    sync.Once
	data    []byte
	err     error
}

func newGzipCache() *gzipCache { return &gzipCache{entries: map[string]*gzEntry{}} }

// get returns the gzipped bytes of name in fsys (key names fsys), compressing
// them unless this version is cached. Concurrent requests share one compression.
func (c *gzipCache) get(fsys fs.FS, key, name string, st fs.FileInfo) ([]byte, error) {
	c.mu.Lock()
	e := c.entries[key]
	if e == nil || e.size != st.Size() || !e.modTime.Equal(st.ModTime()) {
		e = &gzEntry{size: st.Size(), modTime: st.ModTime()}
		c.entries[key] = e
	}
	c.mu.Unlock()
	e.once.Do(func() { e.data, e.err = gzipFile(fsys, name) })
	return e.data, e.err
}

func gzipFile(fsys fs.FS, name string) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := io.Copy(zw, f); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// acceptsGzip reports whether the request's Accept-Encoding allows gzip
// (a "gzip;q=0" refuses it).
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(coding), "gzip") {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

// serveGzip answers with the gzipped form of name when the client takes
// it and the file is worth it; false when the caller should serve it plain.
func (c *gzipCache) serveGzip(w http.ResponseWriter, r *http.Request, fsys fs.FS, key, name string, st fs.FileInfo) bool {
	if !compressible[strings.ToLower(path.Ext(name))] || st.Size() < gzipMin {
		return false
	}
	w.Header().Add("Vary", "Accept-Encoding")
	if !acceptsGzip(r) {
		return false
	}
	data, err := c.get(fsys, key, name, st)
	if err != nil {
		return false
	}
	w.Header().Set("Content-Encoding", "gzip")
	http.ServeContent(w, r, name, st.ModTime(), bytes.NewReader(data))
	return true
}

// warm compresses the WebAssembly modules in the background, so that the
// first visitor does not wait for gzip -9 of 4.7 MB.
func (c *gzipCache) warm(js fs.FS) {
	go func() {
		matches, _ := fs.Glob(js, "*.wasm")
		for _, name := range matches {
			if st, err := fs.Stat(js, name); err == nil && st.Mode().IsRegular() {
				_, _ = c.get(js, "js/"+name, name, st)
			}
		}
	}()
}
