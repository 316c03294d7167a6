//go:build !(js && wasm)

package live

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// selfSigned is a CA-less server certificate for 127.0.0.1 (its IP SAN),
// and its PEM.
func selfSigned(t *testing.T, ip string) (tls.Certificate, []byte) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "rmqalloc test broker"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true, IsCA: true, IPAddresses: []net.IP{net.ParseIP(ip)}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	require.NoError(t, err)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
}

// serveTLS is serve (transport_test.go) behind TLS with cert.
func serveTLS(t *testing.T, cert tls.Certificate, answer func(req []byte) []byte) string {
	t.Helper()
	ln, err := tls.Listen("tcp", "127.0.0.1:0", &tls.Config{Certificates: []tls.Certificate{cert}})
	require.NoError(t, err)
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer conn.Close()
				req, err := readFrame(conn)
				if err == nil {
					_, _ = conn.Write(answer(req))
				}
			}()
		}
	}()
	return ln.Addr().String()
}

// A stand-in TLS server (the kits' brokers can run TLS too, see the live
// layer; this one runs in every go test): the frame goes through TLS when
// its certificate is trusted by --tls-ca or skipped by --tls-insecure; an
// unknown certificate, a plain server, or a PEM with no certificate fail
// with messages that say so.
func TestCallOverTLS(t *testing.T) {
	cert, pemCA := selfSigned(t, "127.0.0.1")
	req := newRequest(codeGetRouteInfoByTopic, 3, map[string]string{"topic": "T"}).Encode()
	ans := newRequest(codeGetConsumerConnectionList, 3, nil).Encode()
	addr := serveTLS(t, cert, func(r []byte) []byte {
		if string(r) != string(req) {
			return nil
		}
		return ans
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	for _, o := range []*TLS{{CA: pemCA, CAFile: "ca.pem"}, {Insecure: true}} {
		c, err := callerFor(o)
		require.NoError(t, err)
		f, err := c(ctx, addr, req)
		require.NoError(t, err, "insecure=%v", o.Insecure)
		assert.Equal(t, ans, f)
	}

	// The system roots do not know a self-signed certificate.
	c, err := callerFor(&TLS{})
	require.NoError(t, err)
	_, err = c(ctx, addr, req)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "TLS handshake failed")
	assert.Contains(t, err.Error(), "certificate")

	// Another CA does not either; nor does a certificate for another IP.
	_, otherCA := selfSigned(t, "127.0.0.1")
	c, _ = callerFor(&TLS{CA: otherCA})
	_, err = c(ctx, addr, req)
	require.Error(t, err)
	wrongIP, _ := selfSigned(t, "127.0.0.2")
	addr2 := serveTLS(t, wrongIP, func([]byte) []byte { return ans })
	c, _ = callerFor(&TLS{CA: pemCA})
	_, err = c(ctx, addr2, req)
	require.Error(t, err)

	// TLS to a plain remoting port fails the handshake, within the deadline.
	plain := serve(t, func([]byte) []byte { return ans })
	c, _ = callerFor(&TLS{Insecure: true})
	_, err = c(ctx, plain, req)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "TLS handshake failed")

	_, err = callerFor(&TLS{CA: []byte("not a pem"), CAFile: "/etc/x.pem"})
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.ErrorIs(t, e, ErrUsage)
	assert.Equal(t, "--tls-ca /etc/x.pem: no PEM certificate in it", e.Msg)
}

// Read over TLS: the whole session against a stand-in NameServer that
// answers the %RETRY% route with "no such topic" reaches the NameServer
// through TLS (the error is the NameServer's answer, not a transport one).
func TestReadOverTLS(t *testing.T) {
	cert, pemCA := selfSigned(t, "127.0.0.1")
	notExist := func(r []byte) []byte {
		c, err := DecodeFrame(r)
		if err != nil {
			return nil
		}
		return (&Command{Code: respTopicNotExist, Flag: flagResponse, Opaque: c.Opaque, Language: languageJava}).Encode()
	}
	addr := serveTLS(t, cert, notExist)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err := Read(ctx, Options{NameServer: addr, Group: "G", TLS: &TLS{CA: pemCA}})
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.ErrorIs(t, e, ErrUnknownGroup, e.Msg)

	_, err = Read(ctx, Options{NameServer: addr, Group: "G"})
	require.ErrorAs(t, err, &e)
	assert.ErrorIs(t, e, ErrNameServer, "plain TCP to a TLS port: %s", e.Msg)
	assert.Equal(t, "NameServer "+addr+" is unreachable: the connection closed before an answer (a server that speaks only TLS does so to plain calls: --tls?)", e.Msg)
}
