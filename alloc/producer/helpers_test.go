package producer

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
)

func i32(v int32) *int32 { return &v }

// wantJavaError asserts err is an *alloc.Error of the given Java class and
// kind.
func wantJavaError(t *testing.T, err error, class string, kind error) {
	t.Helper()
	var e *alloc.Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, class, e.JavaClass, "%v", err)
	require.ErrorIs(t, err, kind)
}

// clock is a settable fake clock.
type clock struct{ now int64 }

func (c *clock) read() int64 { return c.now }
