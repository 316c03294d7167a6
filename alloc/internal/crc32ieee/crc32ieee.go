// Package crc32ieee is the CRC-32 of IEEE 802.3 (the polynomial hash/crc32
// calls IEEE), the hash rocketmq-client-go's consistent-hash ring uses.
//
// It exists for the core wasm module's size budget: hash/crc32 links its
// slicing-by-8 tables, the Castagnoli and Koopman paths and the hash.Hash
// machinery (about 7 KB of code); the ring needs one function. A test
// checks it against hash/crc32.
package crc32ieee

// reversed is the IEEE polynomial 0x04C11DB7, bit-reversed: this CRC
// shifts right (least significant bit first).
const reversed = 0xedb88320

// table[b] is the CRC of the single byte b.
var table = makeTable()

func makeTable() *[256]uint32 {
	t := new([256]uint32)
	for i := range t {
		c := uint32(i)
		for range 8 {
			if c&1 != 0 {
				c = c>>1 ^ reversed
			} else {
				c >>= 1
			}
		}
		t[i] = c
	}
	return t
}

// Checksum is the CRC-32 (IEEE) of b, as hash/crc32.ChecksumIEEE.
//
// Example: Checksum([]byte("0a")) is 0xa42a75c2.
func Checksum(b []byte) uint32 {
	t := table
	c := ^uint32(0)
	for _, x := range b {
		c = t[byte(c)^x] ^ c>>8
	}
	return ^c
}
