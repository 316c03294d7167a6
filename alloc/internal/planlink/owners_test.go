package planlink

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestInvert(t *testing.T) {
	// Members 0..2 over 4 queues: 0 owns q0 q2, 1 owns q2, 2 owns nothing;
	// q1 and q3 have no owner.
	o := Invert([][]int32{{0, 2}, {2}, {}}, 4)
	assert.Equal(t, []int32{0, 1, 1, 3, 3}, o.Start)
	for _, c := range []struct {
		queue int
		want  []int32
	}{{0, []int32{0}}, {1, nil}, {2, []int32{0, 1}}, {3, nil}, {-1, nil}, {4, nil}} {
		assert.Equal(t, c.want, o.Of(c.queue), "queue %d", c.queue)
	}
	assert.Equal(t, 2, o.Count(2))
	assert.Equal(t, 0, o.Count(3))
	// An append to one queue's owners must not write into the next's.
	_ = append(o.Of(0), 9)
	assert.Equal(t, []int32{0, 1}, o.Of(2))
}

func TestInvertEmpty(t *testing.T) {
	o := Invert(nil, 0)
	assert.Equal(t, []int32{0}, o.Start)
	assert.Nil(t, o.Of(0))
}
