//go:build !(js && wasm)

package main

import (
	"flag"
	"os"

	"github.com/rmqalloc/rmqalloc/cluster/live"
)

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
