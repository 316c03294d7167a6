//go:build !(js && wasm)

package live

import (
	"context"
	"encoding/binary"
	"errors"
	"net"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// fakeCluster is a stand-in RocketMQ on local ports (a name server and
// brokers a and b): it answers as the recorded 4.9.3 kit did (kitAnswer),
// the kit's broker addresses pointed at its own, and lets a test rewrite
// any answer (lie). It counts the connections open at once.
type fakeCluster struct {
	addr      string // the name server
	brokerA   string
	open, max atomic.Int32
}

// startFake serves the kit's answers; lie(key, req, answer) may return
// other bytes to send (nil: none, the connection stays silent until the
// test ends).
func startFake(t *testing.T, lie func(key string, req *Command, answer []byte) []byte) *fakeCluster {
	t.Helper()
	fc := &fakeCluster{}
	done := make(chan struct{})
	var wg sync.WaitGroup
	kit := kitAnswer(t, nil)
	var lns []net.Listener
	for range 3 {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		lns = append(lns, ln)
	}
	t.Cleanup(func() {
		close(done)
		for _, ln := range lns {
			ln.Close()
		}
		wg.Wait()
	})
	fc.addr, fc.brokerA = lns[0].Addr().String(), lns[1].Addr().String()
	moved := strings.NewReplacer("127.0.0.1:10911", fc.brokerA, "127.0.0.1:10921", lns[2].Addr().String())
	for i, kitAddr := range []string{"127.0.0.1:9876", "127.0.0.1:10911", "127.0.0.1:10921"} {
		ln := lns[i]
		go func() {
			for {
				conn, err := ln.Accept()
				if err != nil {
					return
				}
				wg.Add(1)
				go func() {
					defer wg.Done()
					defer conn.Close()
					n := fc.open.Add(1)
					defer fc.open.Add(-1)
					for m := fc.max.Load(); n > m && !fc.max.CompareAndSwap(m, n); m = fc.max.Load() {
					}
					raw, err := readFrame(conn)
					if err != nil {
						return
					}
					req, err := DecodeFrame(raw)
					if err != nil {
						return
					}
					f, _ := kit(Request{Frame: raw, Addr: kitAddr})
					ans, err := DecodeFrame(f)
					if err != nil {
						return
					}
					ans.Opaque = req.Opaque
					ans.Body = []byte(moved.Replace(string(ans.Body)))
					key := strconv.Itoa(req.Code)
					if req.Code == codeGetRouteInfoByTopic {
						key = "route:" + req.ExtFields["topic"]
					}
					out := ans.Encode()
					if lie != nil {
						out = lie(key, req, out)
					}
					if out == nil {
						select {
						case <-done:
						case <-time.After(time.Minute):
						}
						return
					}
					_, _ = conn.Write(out)
				}()
			}
		}()
	}
	return fc
}

//lint:ignore ST1008 the elapsed time is a measurement beside the result, read after the error
func readFake(t *testing.T, fc *fakeCluster, timeout time.Duration) (*Snapshot, error, time.Duration) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	start := time.Now()
	snap, err := Read(ctx, Options{NameServer: fc.addr, Group: "G_LIVE", Location: time.UTC})
	return snap, err, time.Since(start)
}

// withBody is answer with its body replaced.
func withBody(t *testing.T, answer []byte, body string) []byte {
	c, err := DecodeFrame(answer)
	require.NoError(t, err)
	c.Body = []byte(body)
	return c.Encode()
}

func TestFakeClusterAsKit(t *testing.T) {
	fc := startFake(t, nil)
	snap, err, _ := readFake(t, fc, 10*time.Second)
	require.NoError(t, err)
	rep, err := doctor.Diagnose(snap.Input())
	require.NoError(t, err)
	assert.NotEmpty(t, rep.Topics)
}

// A length field that lies (2 GiB, or 64 MiB + 1 announced and never
// sent) is a protocol error at once, never a buffer that grows until the
// deadline; an answer to another request (wrong opaque) is not accepted.
func TestFakeClusterLies(t *testing.T) {
	for _, tc := range []struct {
		name string
		lie  func(key string, req *Command, ans []byte) []byte
		want string
	}{
		{"length 2 GiB", func(_ string, _ *Command, ans []byte) []byte {
			binary.BigEndian.PutUint32(ans, 1<<31)
			return ans
		}, "protocol error: frame length 2147483648 is not a RocketMQ frame"},
		{"length 64 MiB + 1", func(_ string, _ *Command, ans []byte) []byte {
			binary.BigEndian.PutUint32(ans, maxFrameLength+1)
			return ans
		}, "protocol error: frame length 67108865"},
		{"wrong opaque", func(_ string, req *Command, ans []byte) []byte {
			c, _ := DecodeFrame(ans)
			c.Opaque = req.Opaque + 1000
			return c.Encode()
		}, "protocol error: the answer's opaque is"},
		{"a request, not a response", func(_ string, req *Command, ans []byte) []byte {
			c, _ := DecodeFrame(ans)
			c.Flag = 0
			return c.Encode()
		}, "protocol error: the answer is not a response frame"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fc := startFake(t, func(key string, req *Command, ans []byte) []byte {
				if key == "route:%RETRY%G_LIVE" {
					return tc.lie(key, req, ans)
				}
				return ans
			})
			_, err, took := readFake(t, fc, 20*time.Second)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			assert.Contains(t, err.Error(), "NameServer "+fc.addr+" answered with something that is not a RocketMQ response")
			var le *Error
			require.True(t, errors.As(err, &le))
			assert.ErrorIs(t, le, ErrProtocol)
			assert.Less(t, took, 15*time.Second, "refused before the deadline")
		})
	}
}

// A route of thousands of brokers is refused by the doctor's limit before
// any of them is called; under the limit, the calls to them share
// MaxConcurrentCalls connections.
func TestFakeClusterManyBrokers(t *testing.T) {
	brokers := func(n int, addr string) string {
		var b strings.Builder
		b.WriteString(`{"brokerDatas":[`)
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(`{"brokerAddrs":{0:"` + addr + `"},"brokerName":"broker-` + strconv.Itoa(i) + `","cluster":"C"}`)
		}
		b.WriteString(`],"filterServerTable":{},"queueDatas":[{"brokerName":"broker-0","perm":6,"readQueueNums":1,"topicSysFlag":0,"writeQueueNums":1}]}`)
		return b.String()
	}
	var fc *fakeCluster
	n := 5000
	fc = startFake(t, func(key string, _ *Command, ans []byte) []byte {
		if key == "route:%RETRY%G_LIVE" {
			return withBody(t, ans, brokers(n, fc.brokerA))
		}
		return ans
	})
	_, err, _ := readFake(t, fc, 20*time.Second)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "names 5000 brokers, over the doctor's limit of 1024")

	n = 600
	_, _, _ = readFake(t, fc, 20*time.Second) // answers for broker-0's data only: errors are fine here
	assert.LessOrEqual(t, int(fc.max.Load()), MaxConcurrentCalls+1, "connections open at once (the +1: the name server's, closing)")
	assert.Greater(t, int(fc.max.Load()), 1, "calls run in parallel")
}

// A route answer of a few hundred bytes claiming 500000 queues on each of
// two brokers is read (the texts are small) and refused by the doctor
// before it builds a queue, naming the limit and the value; it costs
// little memory.
func TestFakeClusterHugeRoute(t *testing.T) {
	fc := startFake(t, func(key string, _ *Command, ans []byte) []byte {
		if key == "route:T_LIVE" {
			return withBody(t, ans, strings.ReplaceAll(strings.ReplaceAll(string(mustBody(t, ans)), `"readQueueNums":8`, `"readQueueNums":500000`), `"writeQueueNums":8`, `"writeQueueNums":500000`))
		}
		return ans
	})
	snap, err, _ := readFake(t, fc, 20*time.Second)
	require.NoError(t, err)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err = doctor.Diagnose(snap.Input())
	runtime.ReadMemStats(&after)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "500000")
	assert.Contains(t, err.Error(), "limit of 65536")
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(64<<20), "refused before allocating per queue")
}

func mustBody(t *testing.T, f []byte) []byte {
	c, err := DecodeFrame(f)
	require.NoError(t, err)
	return c.Body
}

// Brokers that answer the route, the connections and the offsets but
// never forward a running-info request (an overloaded broker, or clients
// that never answer): the read ends at its deadline with every member
// named as silent, and the doctor judges nothing it could not read (no
// UNOWNED from owners it never saw; exit 3).
func TestFakeClusterSilentRunningInfo(t *testing.T) {
	fc := startFake(t, func(key string, _ *Command, ans []byte) []byte {
		if key == strconv.Itoa(codeGetConsumerRunningInfo) {
			return nil
		}
		return ans
	})
	snap, err, took := readFake(t, fc, 3*time.Second)
	require.NoError(t, err)
	assert.Less(t, took, 20*time.Second, "the read ends at its deadline")
	for _, c := range []string{"127.0.0.1@c1", "127.0.0.1@c2", "127.0.0.1@c3"} {
		assert.Contains(t, snap.StatusErr, c)
	}
	rep, err := doctor.Diagnose(snap.Input())
	require.NoError(t, err)
	assert.False(t, rep.Judged, rep.Text())
	assert.False(t, rep.OK)
	assert.Equal(t, rep.Queues, rep.Unknown, rep.Text())
	for _, f := range rep.Findings {
		assert.NotEqual(t, doctor.LevelError, f.Level, "%s: %s", f.Code, f.Message)
	}
}

// A server's client ID and remark with terminal escape sequences (a window
// title with BEL, a clear screen, colour): the read keeps them as sent,
// the client ID is not text a connection list holds, so the doctor refuses
// it naming the line (never a verdict over it), and the remark reaches the
// warnings that the CLI prints through termsafe (cmd/rmqalloc; npm:
// js/test/live-bounds.test.mjs).
func TestFakeClusterEscapes(t *testing.T) {
	const evil = `127.0.0.1@c9\u001b]0;pwned\u0007\u001b[2J`
	fc := startFake(t, func(key string, req *Command, ans []byte) []byte {
		switch {
		case key == strconv.Itoa(codeGetConsumerConnectionList):
			return withBody(t, ans, strings.Replace(string(mustBody(t, ans)), "127.0.0.1@c2", evil, 1))
		case key == strconv.Itoa(codeGetConsumerRunningInfo) && req.ExtFields["clientId"] == "127.0.0.1@c3":
			c, _ := DecodeFrame(ans)
			c.Code, c.Body, c.Remark = 1, nil, "not online \x1b[31mRED\x1b[0m"
			return c.Encode()
		}
		return ans
	})
	snap, err, _ := readFake(t, fc, 10*time.Second)
	require.NoError(t, err)
	assert.Contains(t, snap.StatusErr, "\x1b[31mRED", "kept as sent: the CLI escapes what it prints")
	_, err = doctor.Diagnose(snap.Input())
	require.Error(t, err)
	assert.Contains(t, err.Error(), "line 2: expected text, found binary data")
	assert.NotContains(t, err.Error(), "\x1b")
}
