package crc32ieee

import (
	"hash/crc32"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestChecksumWorkedExamples(t *testing.T) {
	for in, want := range map[string]uint32{"": 0, "0a": 0xa42a75c2, "0b": 0x3d232478, "123456789": 0xcbf43926} {
		require.Equal(t, want, Checksum([]byte(in)), "Checksum(%q)", in)
	}
}

func TestChecksumIsHashCRC32(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := range 2000 {
		b := make([]byte, n%300)
		for i := range b {
			b[i] = byte(r.UintN(256))
		}
		require.Equal(t, crc32.ChecksumIEEE(b), Checksum(b), "%d bytes", len(b))
	}
}

func FuzzChecksumIsHashCRC32(f *testing.F) {
	f.Add([]byte("broker-a@0"))
	f.Fuzz(func(t *testing.T, b []byte) {
		require.Equal(t, crc32.ChecksumIEEE(b), Checksum(b))
	})
}
