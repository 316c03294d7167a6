package javalang

// HashCode is Java's String.hashCode: h = 31*h + unit over the UTF-16 code
// units of s (lone surrogates included, see units), wrapping at 32 bits.
func HashCode(s string) int32 {
	var h int32
	u := units{s: s}
	for {
		c, ok := u.next()
		if !ok {
			return h
		}
		h = 31*h + int32(c)
	}
}

// LongHashCode is Java's Long.hashCode: (int)(v ^ (v >>> 32)).
func LongHashCode(v int64) int32 {
	u := uint64(v)
	return int32(uint32(u ^ (u >> 32)))
}

// Abs is Java's Math.abs for int: Abs(math.MinInt32) stays negative.
func Abs(v int32) int32 {
	if v < 0 {
		return -v // wraps for MinInt32, as in Java
	}
	return v
}

// FloorMod is Java's Math.floorMod for long: the result has the sign of n.
func FloorMod(v, n int64) int64 {
	m := v % n
	if m != 0 && (m < 0) != (n < 0) {
		m += n
	}
	return m
}
