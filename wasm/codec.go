package main

import (
	"math"
	"strconv"
)

// The wire format between js/lib/wire.js and this module is positional binary,
// written by one side and read by the other in the same order:
//
//   - uvarint: unsigned LEB128, at most 10 bytes;
//   - i32: a zigzag uvarint of an int32 (JS: ((v << 1) ^ (v >> 31)) >>> 0);
//   - f64: 8 bytes, IEEE 754 little endian (JS numbers that may exceed int32);
//   - i64: 8 bytes, two's complement little endian (JS bigint);
//   - bool: one byte, 0 or 1;
//   - str (request): uvarint k; k = 0 is a new string (uvarint byte length,
//     UTF-8 bytes) appended to the request's string table, k > 0 repeats
//     table entry k-1, so a topic name sent with 20,000 queues crosses once;
//   - str (response): uvarint byte length, UTF-8 bytes (no table).
//
// Why not JSON or syscall/js field access: the exported call itself is
// cheap (main.go), but reading a JS object field by field costs ~10 µs per
// small object and one JSON string ~5 µs per object, while copying bytes is
// ~free. encoding/json and fmt would also blow the module's size budget.

// reader decodes a request. Reads past the end or malformed varints set err
// and return zero values, so a handler can read everything and check once.
type reader struct {
	b    []byte
	p    int
	strs []string
	err  error
}

// errMalformed is a request the JS side should never produce.
type errMalformed struct{ at int }

func (e errMalformed) Error() string {
	return "malformed request at byte " + strconv.Itoa(e.at)
}

//go:noinline
func (r *reader) fail() {
	if r.err == nil {
		r.err = errMalformed{r.p}
	}
	r.p = len(r.b)
}

//go:noinline
func (r *reader) u8() byte {
	if r.p >= len(r.b) {
		r.fail()
		return 0
	}
	c := r.b[r.p]
	r.p++
	return c
}

//go:noinline
func (r *reader) bool() bool { return r.u8() != 0 }

//go:noinline
func (r *reader) uvarint() uint64 {
	var v uint64
	for shift := uint(0); shift < 64; shift += 7 {
		if r.p >= len(r.b) {
			r.fail()
			return 0
		}
		c := r.b[r.p]
		r.p++
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return v
		}
	}
	r.fail()
	return 0
}

// count reads a length and checks it against the bytes left (every element
// takes at least min bytes), so a corrupt length cannot allocate gigabytes.
//
//go:noinline
func (r *reader) count(min int) int {
	n := r.uvarint()
	if min < 1 {
		min = 1
	}
	if n > uint64((len(r.b)-r.p)/min) {
		r.fail()
		return 0
	}
	return int(n)
}

//go:noinline
func (r *reader) i32() int32 {
	u := r.uvarint()
	if u > math.MaxUint32 {
		r.fail()
		return 0
	}
	v := uint32(u)
	return int32(v>>1) ^ -int32(v&1)
}

// le64 reads 8 little-endian bytes.
//
//go:noinline
func (r *reader) le64() uint64 {
	if r.p+8 > len(r.b) {
		r.fail()
		return 0
	}
	b := r.b[r.p : r.p+8]
	r.p += 8
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

func (r *reader) f64() float64 { return math.Float64frombits(r.le64()) }

// int64f reads an f64 that JS validated to be an integer (a safe one).
//
//go:noinline
func (r *reader) int64f() int64 {
	f := r.f64()
	if f != math.Trunc(f) || f < -(1<<53) || f > 1<<53 {
		r.fail()
		return 0
	}
	return int64(f)
}

func (r *reader) i64() int64 { return int64(r.le64()) }

//go:noinline
func (r *reader) str() string {
	k := r.uvarint()
	if k > 0 {
		if k > uint64(len(r.strs)) {
			r.fail()
			return ""
		}
		return r.strs[k-1]
	}
	n := r.uvarint()
	if n > uint64(len(r.b)-r.p) {
		r.fail()
		return ""
	}
	s := string(r.b[r.p : r.p+int(n)])
	r.p += int(n)
	r.strs = append(r.strs, s)
	return s
}

// bytes reads uvarint n, then n raw bytes (a copy: the request buffer is
// reused).
func (r *reader) bytes() []byte {
	n := r.uvarint()
	if n > uint64(len(r.b)-r.p) {
		r.fail()
		return nil
	}
	out := append([]byte(nil), r.b[r.p:r.p+int(n)]...)
	r.p += int(n)
	return out
}

// writer encodes a response by appending to a reused buffer.
type writer struct{ b []byte }

// bytes writes uvarint len(b), then b.
func (w *writer) bytes(b []byte) {
	w.uvarint(uint64(len(b)))
	w.b = append(w.b, b...)
}

func (w *writer) reset() { w.b = w.b[:0] }

//go:noinline
func (w *writer) u8(c byte) { w.b = append(w.b, c) }

//go:noinline
func (w *writer) bool(v bool) {
	if v {
		w.u8(1)
	} else {
		w.u8(0)
	}
}

//go:noinline
func (w *writer) uvarint(v uint64) {
	for v >= 0x80 {
		w.b = append(w.b, byte(v)|0x80)
		v >>= 7
	}
	w.b = append(w.b, byte(v))
}

//go:noinline
func (w *writer) i32(v int32) { w.uvarint(uint64(uint32(v<<1) ^ uint32(v>>31))) }

//go:noinline
func (w *writer) f64(f float64) {
	u := math.Float64bits(f)
	w.b = append(w.b, byte(u), byte(u>>8), byte(u>>16), byte(u>>24), byte(u>>32), byte(u>>40), byte(u>>48), byte(u>>56))
}

//go:noinline
func (w *writer) i64(v int64) {
	u := uint64(v)
	w.b = append(w.b, byte(u), byte(u>>8), byte(u>>16), byte(u>>24), byte(u>>32), byte(u>>40), byte(u>>48), byte(u>>56))
}

//go:noinline
func (w *writer) str(s string) {
	w.uvarint(uint64(len(s)))
	w.b = append(w.b, s...)
}
