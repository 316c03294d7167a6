//go:build !(js && wasm)

package live

import (
	"context"
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// serve answers every connection on a local port with answer(request).
func serve(t *testing.T, answer func(req []byte) []byte) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
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
				if err != nil {
					return
				}
				if out := answer(req); out != nil {
					_, _ = conn.Write(out)
				} else {
					time.Sleep(time.Minute) // no answer
				}
			}()
		}
	}()
	return ln.Addr().String()
}

// call over TCP: the request reaches the server whole and its answer comes
// back whole; a server that does not answer fails the call by the deadline.
func TestCallOverTCP(t *testing.T) {
	req := newRequest(codeGetRouteInfoByTopic, 3, map[string]string{"topic": "T"}).Encode()
	ans := newRequest(codeGetConsumerConnectionList, 3, nil).Encode()
	got := make(chan []byte, 1)
	addr := serve(t, func(r []byte) []byte { got <- r; return ans })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	f, err := call(ctx, addr, req)
	require.NoError(t, err)
	assert.Equal(t, ans, f)
	assert.Equal(t, req, <-got)

	silent := serve(t, func([]byte) []byte { return nil })
	ctx, cancel = context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err = call(ctx, silent, req)
	require.Error(t, err)
	assert.Less(t, time.Since(start), 5*time.Second, "the call ends by the deadline")
}
