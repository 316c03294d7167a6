// Package md5 computes MD5 digests (RFC 1321) for the consistent-hash ring.
//
// crypto/md5 would do, but it links the whole FIPS 140 module (SHA-2, AES,
// a DRBG, os) into the WebAssembly build, over half a megabyte. The ring
// only needs the first four digest bytes of short strings, without
// allocating, so this small implementation is both leaner and faster here.
// Tests compare it with crypto/md5.
//
// The block function (block.go) is written out step by step, with constant
// rotations and constants: under WebAssembly that is about four times
// faster than a loop over tables.
package md5

//go:generate go run gen_block.go

import "math/bits"

// Sum returns the 16-byte MD5 digest of data.
func Sum(data []byte) [16]byte {
	a, b, c, d := digest(data)
	var out [16]byte
	putLE32(out[0:], a)
	putLE32(out[4:], b)
	putLE32(out[8:], c)
	putLE32(out[12:], d)
	return out
}

// First32 returns the first four digest bytes of data as a big-endian
// unsigned 32-bit value: what Java's consistent-hash ring key takes.
func First32(data []byte) uint32 {
	a, _, _, _ := digest(data)
	return bits.ReverseBytes32(a) // digest bytes are a's little-endian bytes
}

// init is the state before the first block (RFC 1321, 3.3).
const (
	initA, initB, initC, initD = 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476
)

// digest runs every block of data and of its padding, and returns the
// final state words. It does not allocate.
func digest(data []byte) (a, b, c, d uint32) {
	return digestFrom(initA, initB, initC, initD, data, len(data))
}

// digestFrom continues a digest of n bytes in all, whose blocks before data
// are already in the state a, b, c, d.
func digestFrom(a, b, c, d uint32, data []byte, n int) (uint32, uint32, uint32, uint32) {
	for len(data) >= 64 {
		a, b, c, d = block(a, b, c, d, (*[64]byte)(data))
		data = data[64:]
	}
	// The tail, the 0x80 marker, zeros and the bit length fill one block,
	// or two when the tail leaves fewer than 8 bytes for the length.
	var tail [128]byte
	k := copy(tail[:], data)
	tail[k] = 0x80
	end := 64
	if k >= 56 {
		end = 128
	}
	bitLen := uint64(n) << 3
	putLE32(tail[end-8:], uint32(bitLen))
	putLE32(tail[end-4:], uint32(bitLen>>32))
	a, b, c, d = block(a, b, c, d, (*[64]byte)(tail[:64]))
	if end == 128 {
		a, b, c, d = block(a, b, c, d, (*[64]byte)(tail[64:]))
	}
	return a, b, c, d
}

// Hasher is First32 with a memory of the last key's first block: keys of
// 64 bytes or more that begin with the same 64 bytes as the key before
// skip that block. Queue display strings of one broker are such keys
// ("MessageQueue [topic=..., brokerName=..., queueId=" runs past 64 bytes
// for names of a dozen characters), and mqAll lists a broker's queues
// together. The zero Hasher is ready to use; it is not safe for
// concurrent use.
type Hasher struct {
	first      [64]byte
	a, b, c, d uint32 // the state after first
	ok         bool
}

// First32 is First32(data).
func (h *Hasher) First32(data []byte) uint32 {
	if len(data) < 64 {
		return First32(data)
	}
	if !h.ok || h.first != [64]byte(data) {
		h.first = [64]byte(data)
		h.a, h.b, h.c, h.d = block(initA, initB, initC, initD, &h.first)
		h.ok = true
	}
	return h.afterFirst(data)
}

// First32SamePrefix is First32(data) for data of 64 bytes or more whose
// first 64 bytes are those of the data of h's last First32 call: the
// caller knows they share a prefix, so not even the comparison is made.
func (h *Hasher) First32SamePrefix(data []byte) uint32 {
	if !h.ok || len(data) < 64 {
		return h.First32(data)
	}
	return h.afterFirst(data)
}

// afterFirst is First32(data) from the kept state after data's first block.
func (h *Hasher) afterFirst(data []byte) uint32 {
	a, _, _, _ := digestFrom(h.a, h.b, h.c, h.d, data[64:], len(data))
	return bits.ReverseBytes32(a)
}

// le32 and putLE32 are encoding/binary's little-endian helpers, written out
// because that package links reflect into the WebAssembly module.
func le32(p []byte) uint32 {
	_ = p[3]
	return uint32(p[0]) | uint32(p[1])<<8 | uint32(p[2])<<16 | uint32(p[3])<<24
}

func putLE32(p []byte, v uint32) {
	_ = p[3]
	p[0], p[1], p[2], p[3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
}
