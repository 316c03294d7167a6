// Package md5 computes MD5 digests (RFC 1321) for the consistent-hash ring.
//
// crypto/md5 would do, but it links the whole FIPS 140 module (SHA-2, AES,
// a DRBG, os) into the WebAssembly build, over half a megabyte. The ring
// only needs the first four digest bytes of short strings, without
// allocating, so this small implementation is both leaner and faster here.
// Tests compare it with crypto/md5.
package md5

import "math/bits"

// shifts are the per-round left rotations, four per round.
var shifts = [4][4]int{{7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}}

// table[i] = floor(abs(sin(i+1)) * 2^32), as RFC 1321 defines it.
var table = [64]uint32{
	0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
	0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
	0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
	0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
	0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
	0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
	0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
	0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
}

// Sum returns the 16-byte MD5 digest of data.
func Sum(data []byte) [16]byte {
	s := newState()
	s.write(data)
	a, b, c, d := s.finish(len(data))
	var out [16]byte
	for i, v := range [4]uint32{a, b, c, d} {
		out[4*i] = byte(v)
		out[4*i+1] = byte(v >> 8)
		out[4*i+2] = byte(v >> 16)
		out[4*i+3] = byte(v >> 24)
	}
	return out
}

// First32 returns the first four digest bytes of data as a big-endian
// unsigned 32-bit value: what Java's consistent-hash ring key takes.
func First32(data []byte) uint32 {
	s := newState()
	s.write(data)
	a, _, _, _ := s.finish(len(data))
	return bits.ReverseBytes32(a) // digest bytes are a's little-endian bytes
}

// state is the running digest plus the not yet processed tail (< 64 bytes).
type state struct {
	a, b, c, d uint32
	buf        [64]byte
	n          int
}

func newState() state {
	return state{a: 0x67452301, b: 0xefcdab89, c: 0x98badcfe, d: 0x10325476}
}

func (s *state) write(p []byte) {
	if s.n > 0 {
		k := copy(s.buf[s.n:], p)
		s.n += k
		p = p[k:]
		if s.n < 64 {
			return
		}
		s.block(s.buf[:])
		s.n = 0
	}
	for len(p) >= 64 {
		s.block(p[:64])
		p = p[64:]
	}
	s.n = copy(s.buf[:], p)
}

// finish pads a message of total length n and returns the final words.
func (s *state) finish(n int) (a, b, c, d uint32) {
	var pad [72]byte
	pad[0] = 0x80
	padLen := 56 - s.n
	if padLen <= 0 {
		padLen += 64
	}
	bitLen := uint64(n) << 3
	for i := 0; i < 8; i++ {
		pad[padLen+i] = byte(bitLen >> (8 * i))
	}
	s.write(pad[:padLen+8])
	return s.a, s.b, s.c, s.d
}

// block runs the 64 steps of RFC 1321 over one 64-byte block.
func (s *state) block(p []byte) {
	var x [16]uint32
	for i := range x {
		x[i] = uint32(p[4*i]) | uint32(p[4*i+1])<<8 | uint32(p[4*i+2])<<16 | uint32(p[4*i+3])<<24
	}
	a, b, c, d := s.a, s.b, s.c, s.d
	for i := 0; i < 64; i++ {
		var f uint32
		var g int
		switch i / 16 {
		case 0:
			f, g = (b&c)|(^b&d), i
		case 1:
			f, g = (d&b)|(^d&c), (5*i+1)%16
		case 2:
			f, g = b^c^d, (3*i+5)%16
		default:
			f, g = c^(b|^d), (7*i)%16
		}
		f += a + table[i] + x[g]
		a, d, c = d, c, b
		b += bits.RotateLeft32(f, shifts[i/16][i%4])
	}
	s.a += a
	s.b += b
	s.c += c
	s.d += d
}
