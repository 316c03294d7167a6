package producer

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// queues builds T/<broker>/<id> queues: queues("a", 2, "b", 1) is
// [T a 0] [T a 1] [T b 0].
func queues(spec ...any) []alloc.MessageQueue {
	var out []alloc.MessageQueue
	for i := 0; i < len(spec); i += 2 {
		for id := 0; id < spec[i+1].(int); id++ {
			out = append(out, alloc.MessageQueue{Topic: "T", BrokerName: spec[i].(string), QueueID: int32(id)})
		}
	}
	return out
}

func q(broker string, id int32) alloc.MessageQueue {
	return alloc.MessageQueue{Topic: "T", BrokerName: broker, QueueID: id}
}

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
