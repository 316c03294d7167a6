//go:build !(js && wasm)

package live

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"net"
	"time"
)

// callerFor is the transport of a read: plain TCP (call, transport.go), or
// TLS when o asks for it.
func callerFor(o *TLS) (caller, error) {
	if o == nil {
		return call, nil
	}
	cfg := &tls.Config{MinVersion: tls.VersionTLS12, InsecureSkipVerify: o.Insecure}
	if len(o.CA) > 0 {
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(o.CA) {
			return nil, &Error{Kind: ErrUsage, Msg: "--tls-ca " + o.CAFile + ": no PEM certificate in it"}
		}
		cfg.RootCAs = pool
	}
	return func(ctx context.Context, addr string, frame []byte) ([]byte, error) {
		return callTLS(ctx, cfg, addr, frame)
	}, nil
}

// callTLS is call over TLS: the handshake and the exchange both end by
// ctx's deadline; the certificate is checked for addr's host.
func callTLS(ctx context.Context, cfg *tls.Config, addr string, frame []byte) ([]byte, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	c := cfg.Clone()
	c.ServerName = host
	var d net.Dialer
	raw, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, err
	}
	conn := tls.Client(raw, c)
	defer conn.Close()
	if dl, ok := ctx.Deadline(); ok {
		_ = raw.SetDeadline(dl)
	}
	stop := context.AfterFunc(ctx, func() { _ = raw.SetDeadline(time.Unix(1, 0)) })
	defer stop()
	if err := conn.HandshakeContext(ctx); err != nil {
		return nil, &TransportError{Timeout: isTimeout(err), Msg: "TLS handshake failed: " + err.Error()}
	}
	if _, err := conn.Write(frame); err != nil {
		return nil, err
	}
	return readFrame(conn)
}
