package live

import (
	"context"
	"io"
	"time"
)

// These are the logic of Read and its transport (read.go, transport.go,
// native only): compiled in every build, so native tests drive them with
// a fake transport.

// MaxConcurrentCalls bounds the connections a read has open at once (each
// call is a connection of its own): a group of thousands of clients, or a
// route naming thousands of brokers, waits its turn instead of opening
// thousands of sockets. The JS CLI (js/bin/live.js) keeps the same bound.
const MaxConcurrentCalls = 64

// caller sends one request frame to addr and returns the one frame that
// answers it, within ctx's deadline (transport.go's call over TCP).
type caller func(ctx context.Context, addr string, frame []byte) ([]byte, error)

// readWith is Read over call, with timeout bounding the whole read when
// ctx has no deadline. Each call gets half of the read's time: a server
// that does not answer is given up with time left to ask another broker
// and to finish the rest (its part is then unknown, not the whole read).
func readWith(ctx context.Context, o Options, call caller, timeout time.Duration) (*Snapshot, error) {
	s, err := NewSession(o)
	if err != nil {
		return nil, err
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	deadline, _ := ctx.Deadline()
	perCall := time.Until(deadline) / 2
	conns := make(chan struct{}, MaxConcurrentCalls)
	err = Drive(s, func(r Request) ([]byte, error) {
		select {
		case conns <- struct{}{}:
			defer func() { <-conns }()
			cctx, cancel := context.WithTimeout(ctx, perCall)
			defer cancel()
			return call(cctx, r.Addr, r.Frame)
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	})
	if err != nil {
		return nil, err
	}
	return s.Snapshot()
}

// Drive runs session s until it has every answer it needs: every request
// s asks for is sent at once through call, in a goroutine of its own, and
// each answer handed back to s as it comes. call must end by a deadline
// of its own (it is the transport: Read's opens a connection per call,
// the monitor's shares one per server). Drive returns s's error, if any;
// then take s.Snapshot (or s.SnapshotDirect).
func Drive(s *Session, call func(Request) ([]byte, error)) error {
	type answer struct {
		id    int
		frame []byte
		err   error
	}
	// Every call delivers its answer; quit frees those still running
	// when the read fails early.
	answers := make(chan answer)
	quit := make(chan struct{})
	defer close(quit)
	inflight := 0
	send := func(reqs []Request) {
		for _, r := range reqs {
			inflight++
			go func(r Request) {
				f, err := call(r)
				select {
				case answers <- answer{r.ID, f, err}:
				case <-quit:
				}
			}(r)
		}
	}
	send(s.Start())
	for inflight > 0 {
		a := <-answers
		inflight--
		next, err := s.Handle(a.id, a.frame, a.err)
		if err != nil {
			return err
		}
		send(next)
	}
	return nil
}

// readFrame reads one whole frame, length field included, from r.
func readFrame(r io.Reader) ([]byte, error) {
	var prefix [4]byte
	if _, err := io.ReadFull(r, prefix[:]); err != nil {
		return nil, err
	}
	n, err := FrameLength(prefix[:])
	if err != nil {
		return nil, err
	}
	out := make([]byte, n)
	copy(out, prefix[:])
	if _, err := io.ReadFull(r, out[4:]); err != nil {
		return nil, err
	}
	return out, nil
}
