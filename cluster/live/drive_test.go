package live

import (
	"bytes"
	"context"
	"errors"
	"io"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// kitCaller answers every call as the recorded kit did (kitAnswer), each
// frame re-addressed to its request, from the concurrent calls readWith
// makes.
func kitCaller(t *testing.T, override map[string]func() ([]byte, error)) caller {
	answer := kitAnswer(t, override)
	return func(ctx context.Context, addr string, frame []byte) ([]byte, error) {
		c, err := DecodeFrame(frame)
		if err != nil {
			return nil, err
		}
		f, err := answer(Request{Addr: addr, Frame: frame})
		return withOpaque(f, c.Opaque), err
	}
}

// readWith over the recording reads what the one-at-a-time replay reads,
// though its calls run at the same time and answer in any order.
func TestReadWithKit(t *testing.T) {
	o := Options{NameServer: "127.0.0.1:9876", Group: "G_LIVE", Location: time.UTC, Now: func() time.Time { return time.UnixMilli(1796161323080) }}
	want, err := replay(t, o, kitAnswer(t, nil))
	require.NoError(t, err)
	for range 5 {
		got, err := readWith(context.Background(), o, kitCaller(t, nil), time.Minute)
		require.NoError(t, err)
		assert.Equal(t, want.Files(), got.Files())
		assert.Equal(t, want.Routes, got.Routes)
		assert.Equal(t, want.Connection, got.Connection)
		assert.Equal(t, want.Progress, got.Progress)
	}
}

// A failure the session cannot read past ends the read with the session's
// error; the calls still running are let go.
func TestReadWithFails(t *testing.T) {
	_, err := readWith(context.Background(), Options{Group: "G_LIVE"}, kitCaller(t, nil), time.Minute)
	var e *Error
	require.ErrorAs(t, err, &e, "no NameServer")
	assert.ErrorIs(t, e, ErrUsage)

	down := func() ([]byte, error) { return nil, errors.New("connection refused") }
	_, err = readWith(context.Background(), Options{NameServer: "127.0.0.1:9876", Group: "G_LIVE", Location: time.UTC},
		kitCaller(t, map[string]func() ([]byte, error){"route-retry": down}), time.Minute)
	require.ErrorAs(t, err, &e, "the NameServer does not answer")
	assert.ErrorIs(t, e, ErrNameServer)
}

// Without a deadline of its own the read gets timeout's; a deadline of the
// caller's stands. Each call gets half of it, so a silent server leaves
// time for the rest.
func TestReadWithDeadline(t *testing.T) {
	o := Options{NameServer: "127.0.0.1:9876", Group: "G_LIVE", Location: time.UTC}
	var calls atomic.Int32
	watch := func(check func(context.Context)) caller {
		inner := kitCaller(t, nil)
		return func(ctx context.Context, addr string, frame []byte) ([]byte, error) {
			calls.Add(1)
			check(ctx)
			return inner(ctx, addr, frame)
		}
	}
	start := time.Now()
	_, err := readWith(context.Background(), o, watch(func(ctx context.Context) {
		dl, ok := ctx.Deadline()
		assert.True(t, ok, "a call has a deadline")
		assert.WithinDuration(t, start.Add(30*time.Minute), dl, time.Minute, "a call's deadline is half the timeout's")
	}), time.Hour)
	require.NoError(t, err)
	assert.Positive(t, calls.Load())

	mine := time.Now().Add(3 * time.Hour)
	ctx, cancel := context.WithDeadline(context.Background(), mine)
	defer cancel()
	_, err = readWith(ctx, o, watch(func(ctx context.Context) {
		dl, _ := ctx.Deadline()
		assert.WithinDuration(t, mine.Add(-90*time.Minute), dl, time.Minute, "the caller's deadline stands, halved for a call")
	}), time.Second)
	require.NoError(t, err)
}

// A broker that never answers (frozen: kill -STOP keeps its port open)
// costs half the read's time, not the read: the snapshot comes back with
// the other broker's part and the silent one named.
func TestReadWithHungBroker(t *testing.T) {
	o := Options{NameServer: "127.0.0.1:9876", Group: "G_LIVE", Location: time.UTC}
	inner := kitCaller(t, nil)
	hung := func(ctx context.Context, addr string, frame []byte) ([]byte, error) {
		if addr == "127.0.0.1:10921" {
			<-ctx.Done()
			return nil, ctx.Err()
		}
		return inner(ctx, addr, frame)
	}
	snap, err := readWith(context.Background(), o, hung, 400*time.Millisecond)
	require.NoError(t, err)
	assert.NotEmpty(t, snap.Connection)
	assert.Contains(t, snap.Progress, "broker-a ")
	assert.NotContains(t, snap.Progress, "broker-b ")
	assert.Contains(t, snap.ProgressErr, "wait response on the channel <127.0.0.1:10921> timeout")
}

func TestReadFrame(t *testing.T) {
	f := newRequest(codeGetRouteInfoByTopic, 7, map[string]string{"topic": "T"}).Encode()
	got, err := readFrame(bytes.NewReader(append(append([]byte{}, f...), "next"...)))
	require.NoError(t, err)
	assert.Equal(t, f, got, "one frame, and no more")

	for _, tc := range []struct {
		name string
		in   []byte
		want error // nil: any error
	}{
		{"nothing", nil, io.EOF},
		{"a short length", []byte{0, 0}, io.ErrUnexpectedEOF},
		{"a length no server sends", []byte{0xff, 0xff, 0xff, 0xff, 0}, nil},
		{"a cut frame", f[:len(f)-1], io.ErrUnexpectedEOF},
	} {
		_, err := readFrame(bytes.NewReader(tc.in))
		require.Error(t, err, tc.name)
		if tc.want != nil {
			assert.ErrorIs(t, err, tc.want, tc.name)
		}
	}
}
