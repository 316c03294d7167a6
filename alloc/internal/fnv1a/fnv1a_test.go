package fnv1a

import (
	"hash/fnv"
	"strings"
	"testing"
)

func TestSum32IsHashFnv(t *testing.T) {
	for _, s := range []string{"", "a", "order-1", "ｲ😀", "x\xed\xa0\x80", strings.Repeat("key", 100)} {
		h := fnv.New32a()
		h.Write([]byte(s))
		if got, want := Sum32(s), h.Sum32(); got != want {
			t.Errorf("Sum32(%q) = %d, want %d", s, got, want)
		}
	}
}
