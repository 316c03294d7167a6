//go:build !(js && wasm)

package live

import (
	"context"
	"net"
	"time"
)

// call sends one request frame to addr on a connection of its own and
// reads the one frame that answers it (readFrame, drive.go), within ctx's
// deadline.
func call(ctx context.Context, addr string, frame []byte) ([]byte, error) {
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	if dl, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(dl)
	}
	stop := context.AfterFunc(ctx, func() { _ = conn.SetDeadline(time.Unix(1, 0)) })
	defer stop()
	if _, err := conn.Write(frame); err != nil {
		return nil, err
	}
	return readFrame(conn)
}
