package main

import (
	"errors"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// CSP is the Content-Security-Policy every response carries: scripts only
// from this origin, WebAssembly compilation allowed, nothing else from
// anywhere else.
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'"

// contentTypes pins the types the playground relies on, so that a host's
// /etc/mime.types cannot change them (a module script served as text/plain
// does not run; a .wasm without application/wasm cannot be streamed).
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".mjs":  "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".json": "application/json",
	".wasm": "application/wasm",
	".png":  "image/png",
	".svg":  "image/svg+xml",
	".ts":   "text/plain; charset=utf-8",
	".md":   "text/plain; charset=utf-8",
	".map":  "application/json",
}

// Handler serves the playground of the repository at root: root/site at "/"
// and root/js (the rmqalloc JS package and its module) at "/js/".
//
// It answers only GET and HEAD, never lists directories, hides dot files and
// node_modules, and refuses any path that would leave its directory. Text
// and the modules go out gzipped to clients that take it (gzip.go).
func Handler(root string) http.Handler {
	site := os.DirFS(filepath.Join(root, "site"))
	js := os.DirFS(filepath.Join(root, "js"))
	gz := newGzipCache()
	gz.warm(js)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", CSP)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cache-Control", "no-cache")
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		fsys, name, ok := resolve(site, js, r.URL.Path)
		if !ok {
			http.NotFound(w, r)
			return
		}
		key := "site/" + name
		if fsys == js {
			key = "js/" + name
		}
		serveFile(w, r, fsys, name, func(st fs.FileInfo) bool { return gz.serveGzip(w, r, fsys, key, name, st) })
	})
}

// resolve maps a URL path to a file system and a name valid for fs.FS
// ("index.html" for "/"), or reports false for paths it will not serve.
func resolve(site, js fs.FS, urlPath string) (fs.FS, string, bool) {
	if !strings.HasPrefix(urlPath, "/") || strings.Contains(urlPath, "\\") || strings.ContainsRune(urlPath, 0) {
		return nil, "", false
	}
	for _, seg := range strings.Split(urlPath, "/") {
		if seg == ".." || (strings.HasPrefix(seg, ".") && seg != "") || seg == "node_modules" {
			return nil, "", false
		}
	}
	clean := path.Clean(urlPath)
	if strings.HasSuffix(urlPath, "/") {
		clean = path.Join(clean, "index.html")
	}
	fsys := site
	if clean == "/js" || strings.HasPrefix(clean, "/js/") {
		fsys, clean = js, strings.TrimPrefix(clean, "/js")
		if clean == "" {
			return nil, "", false
		}
	}
	name := strings.TrimPrefix(clean, "/")
	if !fs.ValidPath(name) {
		return nil, "", false
	}
	return fsys, name, true
}

// serveFile writes one regular file with its pinned content type; anything
// else (a directory, a missing file) is a 404. compressed serves it gzipped
// instead when it can (and reports so).
func serveFile(w http.ResponseWriter, r *http.Request, fsys fs.FS, name string, compressed func(fs.FileInfo) bool) {
	f, err := fsys.Open(name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrInvalid) {
			http.NotFound(w, r)
			return
		}
		http.Error(w, "cannot read file", http.StatusInternalServerError)
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		http.NotFound(w, r)
		return
	}
	if ct, ok := contentTypes[strings.ToLower(path.Ext(name))]; ok {
		w.Header().Set("Content-Type", ct)
	}
	if compressed != nil && compressed(st) {
		return
	}
	rs, ok := f.(interface {
		Read([]byte) (int, error)
		Seek(int64, int) (int64, error)
	})
	if !ok {
		http.Error(w, "cannot read file", http.StatusInternalServerError)
		return
	}
	http.ServeContent(w, r, name, st.ModTime(), rs)
}
