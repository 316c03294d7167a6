package producer

import "math/bits"

// sipHash24 is SipHash-2-4 as defined in Aumasson and Bernstein's paper
// "SipHash: a fast short-input PRF" (2012): key (k0, k1) read little-endian
// from the 16 key bytes, 2 compression rounds per 8-byte word, 4
// finalization rounds. The result is the 64-bit value whose little-endian
// bytes are the digest.
func sipHash24(k0, k1 uint64, msg []byte) uint64 {
	v0 := k0 ^ 0x736f6d6570736575 // "somepseu"
	v1 := k1 ^ 0x646f72616e646f6d // "dorandom"
	v2 := k0 ^ 0x6c7967656e657261 // "lygenera"
	v3 := k1 ^ 0x7465646279746573 // "tedbytes"

	round := func() {
		v0 += v1
		v1 = bits.RotateLeft64(v1, 13)
		v1 ^= v0
		v0 = bits.RotateLeft64(v0, 32)
		v2 += v3
		v3 = bits.RotateLeft64(v3, 16)
		v3 ^= v2
		v0 += v3
		v3 = bits.RotateLeft64(v3, 21)
		v3 ^= v0
		v2 += v1
		v1 = bits.RotateLeft64(v1, 17)
		v1 ^= v2
		v2 = bits.RotateLeft64(v2, 32)
	}
	compress := func(m uint64) {
		v3 ^= m
		round()
		round()
		v0 ^= m
	}

	n := len(msg)
	for len(msg) >= 8 {
		compress(uint64(msg[0]) | uint64(msg[1])<<8 | uint64(msg[2])<<16 | uint64(msg[3])<<24 |
			uint64(msg[4])<<32 | uint64(msg[5])<<40 | uint64(msg[6])<<48 | uint64(msg[7])<<56)
		msg = msg[8:]
	}
	// Last word: the remaining bytes, and the length mod 256 in the top byte.
	last := uint64(n&0xff) << 56
	for i, b := range msg {
		last |= uint64(b) << (8 * i)
	}
	compress(last)

	v2 ^= 0xff
	round()
	round()
	round()
	round()
	return v0 ^ v1 ^ v2 ^ v3
}
