package monitor

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net"

	"github.com/rmqalloc/rmqalloc/cluster/live"
)

// tlsDialer dials remoting over TLS as cluster/live's reads do: TLS 1.2
// or later, the certificate checked for the address's host against CA
// (the system's roots when none), or not at all when Insecure.
func tlsDialer(o *live.TLS) (Dialer, error) {
	cfg := &tls.Config{MinVersion: tls.VersionTLS12, InsecureSkipVerify: o.Insecure}
	if len(o.CA) > 0 {
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(o.CA) {
			return nil, errors.New("--tls-ca " + o.CAFile + ": no PEM certificate in it")
		}
		cfg.RootCAs = pool
	}
	return func(ctx context.Context, addr string) (net.Conn, error) {
		host, _, err := net.SplitHostPort(addr)
		if err != nil {
			return nil, err
		}
		c := cfg.Clone()
		c.ServerName = host
		d := tls.Dialer{Config: c}
		return d.DialContext(ctx, "tcp", addr)
	}, nil
}
