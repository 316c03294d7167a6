package md5

import (
	stdmd5 "crypto/md5"
	"encoding/binary"
	"strings"
	"testing"
)

func TestSumMatchesCryptoMD5(t *testing.T) {
	inputs := []string{"", "a", "abc", "message digest", "MessageQueue [topic=T, brokerName=b, queueId=0]",
		"中文😀-0", strings.Repeat("x", 55), strings.Repeat("x", 56), strings.Repeat("x", 63),
		strings.Repeat("x", 64), strings.Repeat("y", 65), strings.Repeat("z", 1000)}
	for _, in := range inputs {
		if got, want := Sum([]byte(in)), stdmd5.Sum([]byte(in)); got != want {
			t.Errorf("Sum(%q) = %x, want %x", in, got, want)
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
		if got := hexOf(sum[:]); got != want {
			t.Errorf("Sum(%q) = %s, want %s", in, got, want)
		}
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
	f.Fuzz(func(t *testing.T, s string) {
		sum := stdmd5.Sum([]byte(s))
		if got, want := First32([]byte(s)), binary.BigEndian.Uint32(sum[:4]); got != want {
			t.Fatalf("First32(%q) = %08x, want %08x", s, got, want)
		}
		if Sum([]byte(s)) != sum {
			t.Fatalf("Sum(%q) differs from crypto/md5", s)
		}
	})
}
