// Command serve serves the rmqalloc playground: the repository's site/
// directory at "/" and its js/ directory (the JS package with the
// WebAssembly module) at "/js/", with a strict Content-Security-Policy.
//
//	go run ./site/serve -addr 127.0.0.1:8080
//
// It prints the URL once it listens (with the real port when -addr ends in
// ":0"). -root names the repository root; by default it is found by walking
// up from the working directory to the directory holding site/ and js/ (or
// go.mod).
package main

import (
	"errors"
	"flag"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		io.WriteString(os.Stderr, "serve: "+err.Error()+"\n")
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fl := flag.NewFlagSet("serve", flag.ContinueOnError)
	fl.SetOutput(stderr)
	addr := fl.String("addr", "127.0.0.1:8080", "host:port to listen on (port 0 picks a free one)")
	root := fl.String("root", "", "repository root holding site/ and js/ (default: found from the working directory)")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if *root == "" {
		wd, err := os.Getwd()
		if err != nil {
			return err
		}
		r, err := findRoot(wd)
		if err != nil {
			return err
		}
		*root = r
	}
	if st, err := os.Stat(filepath.Join(*root, "site", "index.html")); err != nil || st.IsDir() {
		return errors.New("no site/index.html under " + *root)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	io.WriteString(stdout, "rmqalloc playground: http://"+ln.Addr().String()+"/\n")
	srv := &http.Server{Handler: Handler(*root), ReadHeaderTimeout: 10 * time.Second}
	return srv.Serve(ln)
}

// findRoot walks up from dir to the first directory that holds both site/
// and js/, or else go.mod.
func findRoot(dir string) (string, error) {
	for d := dir; ; {
		if isDir(filepath.Join(d, "site")) && (isDir(filepath.Join(d, "js")) || isFile(filepath.Join(d, "go.mod"))) {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", errors.New("no repository root (a directory with site/ and js/ or go.mod) above " + dir + "; pass -root")
		}
		d = parent
	}
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}
