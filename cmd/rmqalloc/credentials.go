//go:build !(js && wasm)

package main

import (
	"errors"
	"flag"
	"os"
	"strconv"
	"strings"

	"github.com/rmqalloc/rmqalloc/cluster/live"
)

// The key pair of a cluster with ACL on comes from these variables (both)
// or from --credentials FILE; docs/security.md.
const (
	envAccessKey = "RMQALLOC_ACCESS_KEY"
	envSecretKey = "RMQALLOC_SECRET_KEY"
)

const secureUsage = `  --credentials FILE   access key pair for a cluster with ACL on: lines
                       accessKey: KEY and secretKey: SECRET (mqadmin's
                       conf/tools.yml); default: $RMQALLOC_ACCESS_KEY and
                       $RMQALLOC_SECRET_KEY
  --tls                remoting over TLS, the certificate checked against
                       the system's roots
  --tls-ca FILE        ... against this PEM CA instead (implies --tls)
  --tls-insecure       TLS without checking the certificate (implies --tls)`

// secureFlags adds --credentials, --tls, --tls-ca and --tls-insecure to fs;
// the function it returns, called after fs.Parse, gives what they ask (nil
// for each when not asked) or an error naming the flag or variable.
func secureFlags(fs *flag.FlagSet) func() (*live.Credentials, *live.TLS, error) {
	credFile := fs.String("credentials", "", "")
	useTLS := fs.Bool("tls", false, "")
	caFile := fs.String("tls-ca", "", "")
	insecure := fs.Bool("tls-insecure", false, "")
	return func() (*live.Credentials, *live.TLS, error) {
		cred, err := credentials(*credFile, os.Getenv)
		if err != nil {
			return nil, nil, err
		}
		if *caFile != "" && *insecure {
			return nil, nil, errors.New("--tls-ca and --tls-insecure: give one (a CA to check the certificate with, or no check)")
		}
		if !*useTLS && *caFile == "" && !*insecure {
			return cred, nil, nil
		}
		t := &live.TLS{Insecure: *insecure, CAFile: *caFile}
		if *caFile != "" {
			if t.CA, err = os.ReadFile(*caFile); err != nil {
				return nil, nil, errors.New("--tls-ca " + *caFile + ": " + pathError(err))
			}
		}
		return cred, t, nil
	}
}

// credentials: from file when given, else from the environment; nil when
// neither gives a key pair.
func credentials(file string, getenv func(string) string) (*live.Credentials, error) {
	if file != "" {
		b, err := os.ReadFile(file)
		if err != nil {
			return nil, errors.New("--credentials " + file + ": " + pathError(err))
		}
		return parseCredentials(file, string(b))
	}
	ak, sk := strings.TrimSpace(getenv(envAccessKey)), getenv(envSecretKey)
	switch {
	case ak == "" && sk == "":
		return nil, nil
	case ak == "":
		return nil, errors.New(envSecretKey + " is set but " + envAccessKey + " is not: give both")
	case sk == "":
		return nil, errors.New(envAccessKey + " is set but " + envSecretKey + " is not: give both")
	}
	return &live.Credentials{AccessKey: ak, SecretKey: sk}, nil
}

// parseCredentials reads "accessKey: KEY" and "secretKey: SECRET" lines
// (YAML as in mqadmin's conf/tools.yml; "key=value" too; names in any
// case; quotes, blank lines and # comments allowed; other keys ignored).
// Errors name the file and line but never quote a line: it may hold the
// secret.
func parseCredentials(file, text string) (*live.Credentials, error) {
	var c live.Credentials
	seen := map[string]int{}
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(strings.TrimSuffix(line, "\r"))
		if line == "" || strings.HasPrefix(line, "#") || line == "---" {
			continue
		}
		at := file + ":" + strconv.Itoa(i+1)
		k, v, ok := cutKeyValue(line)
		if !ok {
			return nil, errors.New("--credentials " + at + ": not a \"name: value\" line")
		}
		var dst *string
		switch strings.ToLower(k) {
		case "accesskey":
			dst = &c.AccessKey
		case "secretkey":
			dst = &c.SecretKey
		default:
			continue
		}
		if prev, dup := seen[strings.ToLower(k)]; dup {
			return nil, errors.New("--credentials " + at + ": " + k + " again (first on line " + strconv.Itoa(prev) + ")")
		}
		seen[strings.ToLower(k)] = i + 1
		if v == "" {
			return nil, errors.New("--credentials " + at + ": " + k + " is empty")
		}
		*dst = v
	}
	for _, k := range []struct{ name, v string }{{"accessKey", c.AccessKey}, {"secretKey", c.SecretKey}} {
		if k.v == "" {
			return nil, errors.New("--credentials " + file + ": no " + k.name + " line (want accessKey: KEY and secretKey: SECRET)")
		}
	}
	return &c, nil
}

// cutKeyValue splits "k: v" or "k=v", the value unquoted.
func cutKeyValue(line string) (string, string, bool) {
	i := strings.IndexAny(line, ":=")
	if i <= 0 {
		return "", "", false
	}
	k, v := strings.TrimSpace(line[:i]), strings.TrimSpace(line[i+1:])
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
		v = v[1 : len(v)-1]
	} else if j := strings.Index(v, " #"); j >= 0 {
		v = strings.TrimSpace(v[:j]) // a YAML comment after a plain value
	}
	return k, v, true
}

// pathError is an os error without the path, which the caller names.
func pathError(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		if errors.Is(pe.Err, os.ErrNotExist) {
			return "no such file"
		}
		return pe.Err.Error()
	}
	return err.Error()
}
