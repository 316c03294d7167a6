package fnv1a

import (
	"hash/fnv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSum32IsHashFnv(t *testing.T) {
	for _, s := range []string{"", "a", "order-1", "ｲ😀", "x\xed\xa0\x80", strings.Repeat("key", 100)} {
		h := fnv.New32a()
		h.Write([]byte(s))
		got, want := Sum32(s), h.Sum32()
		assert.False(t, got != want, "Sum32(%q) = %d, want %d", s, got, want)
	}
}
