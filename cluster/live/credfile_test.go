//go:build !(js && wasm)

package live

import (
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
		got, err := LoadCredentials(file, func(k string) string { return c.Env[k] })
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

// LoadTLS: the flags as given.
func TestLoadTLS(t *testing.T) {
	none, err := LoadTLS(false, "", false)
	require.NoError(t, err)
	assert.Nil(t, none)
	roots, err := LoadTLS(true, "", false)
	require.NoError(t, err)
	assert.Equal(t, &TLS{}, roots)
	_, err = LoadTLS(false, "ca.pem", true)
	assert.EqualError(t, err, "--tls-ca and --tls-insecure: give one (a CA to check the certificate with, or no check)")
	_, err = LoadTLS(false, filepath.Join(t.TempDir(), "nope.pem"), false)
	assert.ErrorContains(t, err, "nope.pem: no such file")
	ca, err := LoadTLS(false, "../../testdata/tls/localhost-cert.pem", false)
	require.NoError(t, err)
	assert.Contains(t, string(ca.CA), "BEGIN CERTIFICATE")
	_, err = callerFor(ca)
	assert.NoError(t, err, "the repository's test CA is a PEM certificate")
}
