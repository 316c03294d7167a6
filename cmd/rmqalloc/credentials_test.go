//go:build !(js && wasm)

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/live"
)

// The flags as typed: a missing file, a CA file with no PEM, both TLS
// modes (exit 2), or a cluster that cannot be read (3); the secret of the environment is never printed, even on a
// refused or failed read.
func TestRunSecureFlags(t *testing.T) {
	dir := t.TempDir()
	notPEM := filepath.Join(dir, "ca.txt")
	require.NoError(t, os.WriteFile(notPEM, []byte("hello"), 0o600))
	t.Setenv(live.EnvAccessKey, "reader")
	t.Setenv(live.EnvSecretKey, "Env-Secret-42")
	for _, c := range []struct {
		args   []string
		status int
		errOut string
	}{
		{[]string{"--credentials", filepath.Join(dir, "nope.yml")}, 2, "rmqalloc: --credentials " + filepath.Join(dir, "nope.yml") + ": no such file\n"},
		{[]string{"--tls-ca", filepath.Join(dir, "nope.pem")}, 2, "rmqalloc: --tls-ca " + filepath.Join(dir, "nope.pem") + ": no such file\n"},
		{[]string{"--tls-ca", notPEM}, 2, "rmqalloc: --tls-ca " + notPEM + ": no PEM certificate in it\n"},
		{[]string{"--tls-ca", notPEM, "--tls-insecure"}, 2, "rmqalloc: --tls-ca and --tls-insecure: give one"},
		{[]string{"--timeout", "2s"}, 3, "rmqalloc: NameServer 127.0.0.1:1 is unreachable: connection refused\n"},
		{[]string{"--tls", "--timeout", "2s"}, 3, "rmqalloc: NameServer 127.0.0.1:1 is unreachable: connection refused\n"},
	} {
		var out, errOut bytes.Buffer
		args := append([]string{"doctor", "--namesrv", "127.0.0.1:1", "--group", "G"}, c.args...)
		assert.Equal(t, c.status, runIn(args, &out, &errOut), "%v", c.args)
		assert.Contains(t, errOut.String(), c.errOut, "%v", c.args)
		assert.NotContains(t, errOut.String()+out.String(), "Env-Secret-42")
	}
}
