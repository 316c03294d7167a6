//go:build !(js && wasm)

package live

import (
	"errors"
	"os"
	"strconv"
	"strings"
)

// The environment variables a key pair is read from (both, or neither).
const (
	EnvAccessKey = "RMQALLOC_ACCESS_KEY"
	EnvSecretKey = "RMQALLOC_SECRET_KEY"
)

// LoadCredentials is the key pair of the flag --credentials FILE when file
// is given, else of EnvAccessKey/EnvSecretKey (getenv: os.Getenv); nil
// when neither gives one. Errors name the flag, file and line, or the
// variable, never the secret. The npm CLI reads alike
// (js/bin/credentials.js; both run testdata/credentials/cases.json).
func LoadCredentials(file string, getenv func(string) string) (*Credentials, error) {
	if file != "" {
		b, err := os.ReadFile(file)
		if err != nil {
			return nil, errors.New("--credentials " + file + ": " + pathError(err))
		}
		return ParseCredentials(file, string(b))
	}
	ak, sk := strings.TrimSpace(getenv(EnvAccessKey)), getenv(EnvSecretKey)
	switch {
	case ak == "" && sk == "":
		return nil, nil
	case ak == "":
		return nil, errors.New(EnvSecretKey + " is set but " + EnvAccessKey + " is not: give both")
	case sk == "":
		return nil, errors.New(EnvAccessKey + " is set but " + EnvSecretKey + " is not: give both")
	}
	return &Credentials{AccessKey: ak, SecretKey: sk}, nil
}

// ParseCredentials reads "accessKey: KEY" and "secretKey: SECRET" lines
// (YAML as in mqadmin's conf/tools.yml; "key=value" too; names in any
// case; quotes, blank lines and # comments allowed; other keys skipped).
// Errors name the file and line but never quote a line: it may hold the
// secret.
func ParseCredentials(file, text string) (*Credentials, error) {
	var c Credentials
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

// LoadTLS is what the flags --tls, --tls-ca FILE and --tls-insecure ask:
// nil for plain TCP; the CA file read (checked when the read starts).
func LoadTLS(useTLS bool, caFile string, insecure bool) (*TLS, error) {
	if caFile != "" && insecure {
		return nil, errors.New("--tls-ca and --tls-insecure: give one (a CA to check the certificate with, or no check)")
	}
	if !useTLS && caFile == "" && !insecure {
		return nil, nil
	}
	t := &TLS{Insecure: insecure, CAFile: caFile}
	if caFile != "" {
		var err error
		if t.CA, err = os.ReadFile(caFile); err != nil {
			return nil, errors.New("--tls-ca " + caFile + ": " + pathError(err))
		}
	}
	return t, nil
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
