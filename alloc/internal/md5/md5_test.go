package md5

import (
	stdmd5 "crypto/md5"
	"encoding/binary"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSumMatchesCryptoMD5(t *testing.T) {
	inputs := []string{"", "a", "abc", "message digest", "MessageQueue [topic=T, brokerName=b, queueId=0]",
		"中文😀-0", strings.Repeat("x", 55), strings.Repeat("x", 56), strings.Repeat("x", 63),
		strings.Repeat("x", 64), strings.Repeat("y", 65), strings.Repeat("z", 1000)}
	for _, in := range inputs {
		got, want := Sum([]byte(in)), stdmd5.Sum([]byte(in))
		assert.False(t, got != want, "Sum(%q) = %x, want %x", in, got, want)
	}
}

// TestEveryTailLength covers every padding shape: tails that leave room for
// the length in their block, tails that need a second block, and inputs of
// several whole blocks.
func TestEveryTailLength(t *testing.T) {
	data := make([]byte, 300)
	for i := range data {
		data[i] = byte(i*7 + 3)
	}
	for n := 0; n <= len(data); n++ {
		want := stdmd5.Sum(data[:n])
		got := Sum(data[:n])
		require.False(t, got != want, "Sum of %d bytes = %x, want %x", n, got, want)
		require.Equal(t, binary.BigEndian.Uint32(want[:4]), First32(data[:n]), "First32 of %d bytes", n)
	}
}

// TestHasher: keys that share their first block with the key before, keys
// that do not, short keys in between, and keys that differ only after 64
// bytes, all against crypto/md5.
func TestHasher(t *testing.T) {
	long := strings.Repeat("p", 64)
	keys := []string{
		"MessageQueue [topic=BenchTopic, brokerName=broker-R0-00000, queueId=0]",
		"MessageQueue [topic=BenchTopic, brokerName=broker-R0-00000, queueId=1]",
		"MessageQueue [topic=BenchTopic, brokerName=broker-R1-00001, queueId=0]",
		"short", "",
		"MessageQueue [topic=BenchTopic, brokerName=broker-R1-00001, queueId=1]",
		long, long, long + "x", long + strings.Repeat("y", 100), long, "q" + long[1:],
		strings.Repeat("p", 63), long + "x",
	}
	var h Hasher
	for round := 0; round < 2; round++ {
		for _, k := range keys {
			sum := stdmd5.Sum([]byte(k))
			got, want := h.First32([]byte(k)), binary.BigEndian.Uint32(sum[:4])
			require.False(t, got != want, "Hasher.First32(%q) = %08x, want %08x", k, got, want)
		}
	}
}

// RFC 1321's test suite, appendix A.5.
func TestRFC1321(t *testing.T) {
	for in, want := range map[string]string{
		"":    "d41d8cd98f00b204e9800998ecf8427e",
		"abc": "900150983cd24fb0d6963f7d28e17f72",
		"12345678901234567890123456789012345678901234567890123456789012345678901234567890": "57edf4a22be3c955ac49da2e2107b67a",
	} {
		sum := Sum([]byte(in))
		got := hexOf(sum[:])
		assert.False(t, got != want, "Sum(%q) = %s, want %s", in, got, want)
	}
}

func hexOf(b []byte) string {
	const digits = "0123456789abcdef"
	out := make([]byte, 0, 2*len(b))
	for _, c := range b {
		out = append(out, digits[c>>4], digits[c&15])
	}
	return string(out)
}

func FuzzFirst32(f *testing.F) {
	f.Add("")
	f.Add("10.0.0.1@cid-00001-R1-3")
	f.Add("MessageQueue [topic=BenchTopic, brokerName=broker-R0-00000, queueId=0]")
	f.Fuzz(func(t *testing.T, s string) {
		sum := stdmd5.Sum([]byte(s))
		got, want := First32([]byte(s)), binary.BigEndian.Uint32(sum[:4])
		require.False(t, got != want, "First32(%q) = %08x, want %08x", s, got, want)
		require.False(t, Sum([]byte(s)) != sum, "Sum(%q) differs from crypto/md5", s)
		// A Hasher, after a key with the same first block and after one
		// without, gives the same.
		var h Hasher
		other := []byte(strings.Repeat("m", 70))
		for _, before := range [][]byte{[]byte(s + "!"), other, []byte(s)} {
			h.First32(before)
			require.Equal(t, binary.BigEndian.Uint32(sum[:4]), h.First32([]byte(s)), "Hasher.First32(%q) after %q", s, before)
		}
	})
}

// BenchmarkFirst32 hashes a queue's display string (70 bytes: two blocks)
// and a virtual node key (one block), as the consistent-hash ring does.
func BenchmarkFirst32(b *testing.B) {
	for _, key := range []string{
		"MessageQueue [topic=BenchTopic, brokerName=broker-R0-00000, queueId=0]",
		"10.0.0.1@cid-00001-R1-3",
	} {
		data := []byte(key)
		b.Run(strconv.Itoa(len(data))+"B", func(b *testing.B) {
			for b.Loop() {
				First32(data)
			}
		})
		b.Run(strconv.Itoa(len(data))+"B-Hasher", func(b *testing.B) {
			var h Hasher
			for b.Loop() {
				h.First32(data)
			}
		})
	}
}
