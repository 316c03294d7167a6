//go:build !(js && wasm)

package main

import (
	"flag"
	"os"

	"github.com/rmqalloc/rmqalloc/cluster/live"
)

const secureUsage = `  --credentials FILE   access key pair for a cluster with ACL on: lines
                       accessKey: KEY and secretKey: SECRET (mqadmin's
                       conf/tools.yml); default: $RMQALLOC_ACCESS_KEY and
                       $RMQALLOC_SECRET_KEY (docs/security.md)
  --tls                remoting over TLS, the certificate checked against
                       the system's roots
  --tls-ca FILE        ... against this PEM CA instead (implies --tls)
  --tls-insecure       TLS without checking the certificate (implies --tls)`

// secureFlags (the monitor's flag.FlagSet; doctor reads the same flags from
// the shared table, spec.go) adds --credentials, --tls, --tls-ca and --tls-insecure to fs;
// the function it returns, called after fs.Parse, gives what they ask (nil
// for each when not asked; the key pair from the environment when no file
// is given) or an error naming the flag or variable.
func secureFlags(fs *flag.FlagSet) func() (*live.Credentials, *live.TLS, error) {
	credFile := fs.String("credentials", "", "")
	useTLS := fs.Bool("tls", false, "")
	caFile := fs.String("tls-ca", "", "")
	insecure := fs.Bool("tls-insecure", false, "")
	return func() (*live.Credentials, *live.TLS, error) {
		cred, err := live.LoadCredentials(*credFile, os.Getenv)
		if err != nil {
			return nil, nil, err
		}
		t, err := live.LoadTLS(*useTLS, *caFile, *insecure)
		return cred, t, err
	}
}
