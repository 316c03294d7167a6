package monitor

import (
	"context"
	"errors"
	"io"
	"net"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rmqalloc/rmqalloc/cluster/live"
)

// Dialer opens a connection to a RocketMQ server (host:port). The default
// is plain TCP; credentials and TLS (the acl work) plug in here.
type Dialer func(ctx context.Context, addr string) (net.Conn, error)

// pool is the monitor's transport: one connection per server, shared by
// every read (RocketMQ's remoting matches answers to requests by their
// opaque, so many requests may be in flight on one connection). It sends
// only ReadCodes, and running-info requests only as its limiter allows.
type pool struct {
	dial    Dialer
	running *limiter          // running-info (307) requests, cluster-wide
	cred    *live.Credentials // signs the requests the pool makes itself (discovery)

	mu    sync.Mutex
	conns map[string]*conn
	down  map[string]time.Time // a dial failed: fail fast until then

	opaque   atomic.Int32
	inflight atomic.Int64
	sent     sync.Map // code → *atomic.Uint64
}

// downFor is how long a server that refused a connection is not dialled
// again: every read of a pass would otherwise dial a dead broker anew.
const downFor = time.Second

func newPool(dial Dialer, running *limiter, cred *live.Credentials) *pool {
	if dial == nil {
		dial = func(ctx context.Context, addr string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, "tcp", addr)
		}
	}
	return &pool{dial: dial, running: running, cred: cred, conns: map[string]*conn{}, down: map[string]time.Time{}}
}

// errNotRead is a request the monitor will not send.
var errNotRead = errors.New("monitor: refusing to send a request that is not a read")

// call sends the request frame to addr and returns the frame answering
// it, by ctx's deadline. The frame's opaque is replaced by one unique on
// the shared connection.
func (p *pool) call(ctx context.Context, addr string, frame []byte) ([]byte, error) {
	req, err := live.DecodeFrame(frame)
	if err != nil {
		return nil, err
	}
	if _, ok := ReadCodes[req.Code]; !ok || req.IsResponse() {
		return nil, errNotRead
	}
	if req.Code == codeRunningInfo {
		if err := p.running.wait(ctx); err != nil {
			return nil, err
		}
	}
	orig := req.Opaque
	req.Opaque = p.opaque.Add(1)
	c, err := p.conn(ctx, addr)
	if err != nil {
		return nil, err
	}
	p.count(req.Code)
	p.inflight.Add(1)
	defer p.inflight.Add(-1)
	frame = req.Encode()
	resp, err := c.roundTrip(ctx, req.Opaque, frame)
	var b *brokenError
	if errors.As(err, &b) && ctx.Err() == nil {
		// The connection broke before the request went out: it is a read,
		// so it is sent again, once, on a new connection.
		if c, err = p.conn(ctx, addr); err != nil {
			return nil, err
		}
		resp, err = c.roundTrip(ctx, req.Opaque, frame)
	}
	if err != nil {
		return nil, err
	}
	// The answer goes back under the opaque its caller gave.
	resp.Opaque = orig
	return resp.Encode(), nil
}

// brokenError is a request that never left: its connection had broken
// (Err says how).
type brokenError struct{ Err error }

func (e *brokenError) Error() string { return e.Err.Error() }
func (e *brokenError) Unwrap() error { return e.Err }

func (p *pool) count(code int) {
	v, _ := p.sent.LoadOrStore(code, new(atomic.Uint64))
	v.(*atomic.Uint64).Add(1)
}

// sentByCode is how many requests of each code were sent so far.
func (p *pool) sentByCode() map[int]uint64 {
	out := map[int]uint64{}
	p.sent.Range(func(k, v any) bool { out[k.(int)] = v.(*atomic.Uint64).Load(); return true })
	return out
}

// conn is addr's connection, dialled when there is none (or it broke).
func (p *pool) conn(ctx context.Context, addr string) (*conn, error) {
	p.mu.Lock()
	if c := p.conns[addr]; c != nil {
		p.mu.Unlock()
		return c, nil
	}
	if until, ok := p.down[addr]; ok && time.Now().Before(until) {
		p.mu.Unlock()
		return nil, &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused (not retried for " + downFor.String() + ")")}
	}
	p.mu.Unlock()
	nc, err := p.dial(ctx, addr)
	p.mu.Lock()
	defer p.mu.Unlock()
	if err != nil {
		p.down[addr] = time.Now().Add(downFor)
		return nil, err
	}
	delete(p.down, addr)
	if c := p.conns[addr]; c != nil { // another read dialled meanwhile
		nc.Close()
		return c, nil
	}
	c := &conn{nc: nc, waiting: map[int32]chan *live.Command{}}
	p.conns[addr] = c
	go c.readLoop(func() {
		p.mu.Lock()
		if p.conns[addr] == c {
			delete(p.conns, addr)
		}
		p.mu.Unlock()
	})
	return c, nil
}

// close closes every connection; calls in flight fail.
func (p *pool) close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for a, c := range p.conns {
		c.nc.Close()
		delete(p.conns, a)
	}
}

// conn is one connection with its requests waiting for answers.
type conn struct {
	nc      net.Conn
	writeMu sync.Mutex

	mu      sync.Mutex
	waiting map[int32]chan *live.Command
	err     error // set once the connection broke
}

func (c *conn) roundTrip(ctx context.Context, opaque int32, frame []byte) (*live.Command, error) {
	ch := make(chan *live.Command, 1)
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		return nil, &brokenError{c.err}
	}
	c.waiting[opaque] = ch
	c.mu.Unlock()
	// A late answer finds nobody waiting and is dropped (readLoop).
	defer func() { c.mu.Lock(); delete(c.waiting, opaque); c.mu.Unlock() }()
	c.writeMu.Lock()
	dl, ok := ctx.Deadline()
	if !ok {
		dl = time.Now().Add(live.DefaultTimeout)
	}
	_ = c.nc.SetWriteDeadline(dl)
	n, err := c.nc.Write(frame)
	c.writeMu.Unlock()
	if err != nil {
		if n > 0 {
			c.nc.Close() // a half-written frame spoils the stream
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.err != nil && n == 0 {
			return nil, &brokenError{c.err} // the reader saw why first
		}
		return nil, err
	}
	select {
	case f, ok := <-ch:
		if !ok {
			c.mu.Lock()
			defer c.mu.Unlock()
			return nil, c.err
		}
		return f, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// readLoop hands each answer to the request waiting for its opaque, until
// the connection breaks; then every waiting request fails and gone runs.
func (c *conn) readLoop(gone func()) {
	for {
		f, err := readFrame(c.nc)
		if err == nil {
			var cmd *live.Command
			if cmd, err = live.DecodeFrame(f); err == nil {
				if !cmd.IsResponse() {
					continue // a request from the server: not ours to answer
				}
				c.mu.Lock()
				ch := c.waiting[cmd.Opaque]
				delete(c.waiting, cmd.Opaque)
				c.mu.Unlock()
				if ch != nil {
					ch <- cmd
				}
				continue
			}
		}
		gone()
		c.nc.Close()
		if errors.Is(err, io.EOF) {
			err = errors.New("the server closed the connection")
		}
		c.mu.Lock()
		c.err = err
		for op, ch := range c.waiting {
			close(ch)
			delete(c.waiting, op)
		}
		c.mu.Unlock()
		return
	}
}

// readFrame reads one whole frame, length field included.
func readFrame(r io.Reader) ([]byte, error) {
	var prefix [4]byte
	if _, err := io.ReadFull(r, prefix[:]); err != nil {
		return nil, err
	}
	n, err := live.FrameLength(prefix[:])
	if err != nil {
		return nil, err
	}
	out := make([]byte, n)
	copy(out, prefix[:])
	if _, err := io.ReadFull(r, out[4:]); err != nil {
		return nil, errors.New("a frame of " + strconv.Itoa(n) + " bytes was cut: " + err.Error())
	}
	return out, nil
}
