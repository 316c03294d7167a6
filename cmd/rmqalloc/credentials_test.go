//go:build !(js && wasm)

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// credentialCases are testdata/credentials/cases.json, which the npm
// CLI's test reads too: both builds take keys alike.
type credentialCase struct {
	Name   string            `json:"name"`
	File   *string           `json:"file"`
	Env    map[string]string `json:"env"`
	Want   *struct{ AccessKey, Secret string }
	Error  string `json:"error"`
	Secret string `json:"secret"`
}

func credentialCases(t *testing.T) []credentialCase {
	b, err := os.ReadFile("../../testdata/credentials/cases.json")
	require.NoError(t, err)
	var doc struct{ Cases []credentialCase }
	require.NoError(t, json.Unmarshal(b, &doc))
	require.NotEmpty(t, doc.Cases)
	return doc.Cases
}

func TestCredentialsCases(t *testing.T) {
	for _, c := range credentialCases(t) {
		file := ""
		if c.File != nil {
			file = filepath.Join(t.TempDir(), "tools.yml")
			require.NoError(t, os.WriteFile(file, []byte(*c.File), 0o600))
		}
		got, err := credentials(file, func(k string) string { return c.Env[k] })
		if c.Error != "" {
			require.Error(t, err, c.Name)
			assert.Equal(t, strings.ReplaceAll(c.Error, "$FILE", file), err.Error(), c.Name)
			if c.Secret != "" {
				assert.NotContains(t, err.Error(), c.Secret, c.Name)
			}
			continue
		}
		require.NoError(t, err, c.Name)
		if c.Want == nil {
			assert.Nil(t, got, c.Name)
			continue
		}
		require.NotNil(t, got, c.Name)
		assert.Equal(t, c.Want.AccessKey, got.AccessKey, c.Name)
		assert.Equal(t, c.Want.Secret, got.SecretKey, c.Name)
	}
}

// The flags as typed: a missing file, a CA file with no PEM, both TLS
// modes; the secret of the environment is never printed, even on a
// refused or failed read.
func TestRunSecureFlags(t *testing.T) {
	dir := t.TempDir()
	notPEM := filepath.Join(dir, "ca.txt")
	require.NoError(t, os.WriteFile(notPEM, []byte("hello"), 0o600))
	t.Setenv(envAccessKey, "reader")
	t.Setenv(envSecretKey, "Env-Secret-42")
	for _, c := range []struct {
		args   []string
		errOut string
	}{
		{[]string{"--credentials", filepath.Join(dir, "nope.yml")}, "rmqalloc: --credentials " + filepath.Join(dir, "nope.yml") + ": no such file\n"},
		{[]string{"--tls-ca", filepath.Join(dir, "nope.pem")}, "rmqalloc: --tls-ca " + filepath.Join(dir, "nope.pem") + ": no such file\n"},
		{[]string{"--tls-ca", notPEM}, "rmqalloc: --tls-ca " + notPEM + ": no PEM certificate in it\n"},
		{[]string{"--tls-ca", notPEM, "--tls-insecure"}, "rmqalloc: --tls-ca and --tls-insecure: give one"},
		{[]string{"--timeout", "2s"}, "rmqalloc: NameServer 127.0.0.1:1 is unreachable: connection refused\n"},
		{[]string{"--tls", "--timeout", "2s"}, "rmqalloc: NameServer 127.0.0.1:1 is unreachable: connection refused\n"},
	} {
		var out, errOut bytes.Buffer
		args := append([]string{"doctor", "--namesrv", "127.0.0.1:1", "--group", "G"}, c.args...)
		assert.Equal(t, 2, run(args, &out, &errOut), "%v", c.args)
		assert.Contains(t, errOut.String(), c.errOut, "%v", c.args)
		assert.NotContains(t, errOut.String()+out.String(), "Env-Secret-42")
	}
}
