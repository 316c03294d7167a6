package candidate

import (
	"encoding/binary"
	"strconv"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/internal/md5"
)

// key64 is the first 8 bytes of MD5(s), big-endian.
func key64(b []byte) uint64 {
	sum := md5.Sum(b)
	return binary.BigEndian.Uint64(sum[:8])
}

// mix64 is SplitMix64's finalizer: a bijection that spreads every input
// bit over the output.
func mix64(z uint64) uint64 {
	z ^= z >> 30
	z *= 0xbf58476d1ce4e5b9
	z ^= z >> 27
	z *= 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// queueKeys hashes every queue's display string.
func queueKeys(mqAll []alloc.MessageQueue) []uint64 {
	out := make([]uint64, len(mqAll))
	var buf []byte
	for i, q := range mqAll {
		buf = q.AppendString(buf[:0])
		out[i] = key64(buf)
	}
	return out
}

// memberKeys hashes every client ID.
func memberKeys(members []string) []uint64 {
	out := make([]uint64, len(members))
	for i, m := range members {
		out[i] = key64([]byte(m))
	}
	return out
}

// nodeKey is the ring position of member m's virtual node i.
func nodeKey(buf []byte, m string, i int) ([]byte, uint64) {
	buf = append(buf[:0], m...)
	buf = append(buf, '#')
	buf = strconv.AppendInt(buf, int64(i), 10)
	return buf, key64(buf)
}

// weight is the rendezvous weight of a queue and a member.
func weight(q, m uint64) uint64 { return mix64(q ^ m) }
