package main

import "unsafe"

// The declared operations (internal/wireschema) are served from tables
// (ops_*generated.go): each op's request and response is a Go struct with a
// descriptor (wtype) listing its fields' offsets and wire types, which one
// reader and one writer below walk, and one table entry per op calls its
// hand-written handler. Walking a table instead of generating a reader and
// a writer per op keeps each op small in the core module.

// Wire kinds of a descriptor (codec.go has each layout; List, Opt and Rec
// are described in internal/wireschema).
const (
	wkUvarint = iota
	wkI32
	wkI64
	wkF64
	wkInt64F
	wkBool
	wkU8
	wkStr
	wkRaw    // the rest of the message, unframed
	wkBytes  // uvarint n, then n bytes
	wkList   // uvarint n, then n elems
	wkOpt    // u8 0, or u8 1 then the elem
	wkRec    // the fields, in order
	wkCustom // read and written by hand (reader.custom, writer.custom)
)

// wtype describes a Go value of a declared type.
type wtype struct {
	kind   uint8
	min    uint8   // list: the fewest wire bytes an element takes
	size   uintptr // Go size of one value (a list of it steps by this)
	elem   *wtype  // list, opt: the element
	fields []wfield
	// mk allocates n zero values of the type (list, opt: of the element),
	// typed, so the garbage collector sees the pointers they hold.
	mk     func(n int) unsafe.Pointer
	custom uint8 // custom: which one (reader.custom, writer.custom, generated)
}

// wfield is one field of a record: its offset in the Go struct and type.
type wfield struct {
	off uintptr
	t   *wtype
}

// The scalar descriptors.
var (
	wtUvarint = wtype{kind: wkUvarint, size: 8}
	wtI32     = wtype{kind: wkI32, size: 4}
	wtI64     = wtype{kind: wkI64, size: 8}
	wtF64     = wtype{kind: wkF64, size: 8}
	wtInt64f  = wtype{kind: wkInt64F, size: 8}
	wtBool    = wtype{kind: wkBool, size: 1}
	wtU8      = wtype{kind: wkU8, size: 1}
	wtStr     = wtype{kind: wkStr, size: unsafe.Sizeof("")}
	wtRaw     = wtype{kind: wkRaw, size: unsafe.Sizeof([]byte(nil))}
	wtBytes   = wtype{kind: wkBytes, size: unsafe.Sizeof([]byte(nil))}
)

// sliceHeader is the layout of every Go slice.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

// value reads a value of type t into *p.
func (r *reader) value(p unsafe.Pointer, t *wtype) {
	switch t.kind {
	case wkUvarint:
		*(*uint64)(p) = r.uvarint()
	case wkI32:
		*(*int32)(p) = r.i32()
	case wkI64:
		*(*int64)(p) = r.i64()
	case wkF64:
		*(*float64)(p) = r.f64()
	case wkInt64F:
		*(*int64)(p) = r.int64f()
	case wkBool:
		*(*bool)(p) = r.bool()
	case wkU8:
		*(*byte)(p) = r.u8()
	case wkStr:
		*(*string)(p) = r.str()
	case wkRaw:
		*(*[]byte)(p) = append([]byte{}, r.b[r.p:]...)
		r.p = len(r.b)
	case wkBytes:
		*(*[]byte)(p) = r.bytes()
	case wkList:
		n := r.count(int(t.min))
		e := t.mk(n)
		for i := 0; i < n; i++ {
			r.value(unsafe.Add(e, uintptr(i)*t.elem.size), t.elem)
		}
		*(*sliceHeader)(p) = sliceHeader{e, n, n}
	case wkOpt:
		if r.u8() != 0 {
			e := t.mk(1)
			r.value(e, t.elem)
			*(*unsafe.Pointer)(p) = e
		}
	case wkRec:
		for _, f := range t.fields {
			r.value(unsafe.Add(p, f.off), f.t)
		}
	case wkCustom:
		r.custom(t.custom, p)
	}
}

// value writes the value of type t at p.
func (w *writer) value(p unsafe.Pointer, t *wtype) {
	switch t.kind {
	case wkUvarint:
		w.uvarint(*(*uint64)(p))
	case wkI32:
		w.i32(*(*int32)(p))
	case wkI64:
		w.i64(*(*int64)(p))
	case wkInt64F:
		w.f64(float64(*(*int64)(p)))
	case wkF64:
		w.f64(*(*float64)(p))
	case wkBool:
		w.bool(*(*bool)(p))
	case wkU8:
		w.u8(*(*byte)(p))
	case wkStr:
		w.str(*(*string)(p))
	case wkRaw:
		w.b = append(w.b, *(*[]byte)(p)...)
	case wkBytes:
		w.bytes(*(*[]byte)(p))
	case wkList:
		h := (*sliceHeader)(p)
		w.uvarint(uint64(h.len))
		for i := 0; i < h.len; i++ {
			w.value(unsafe.Add(h.data, uintptr(i)*t.elem.size), t.elem)
		}
	case wkOpt:
		e := *(*unsafe.Pointer)(p)
		if e == nil {
			w.u8(0)
			return
		}
		w.u8(1)
		w.value(e, t.elem)
	case wkRec:
		for _, f := range t.fields {
			w.value(unsafe.Add(p, f.off), f.t)
		}
	case wkCustom:
		w.custom(t.custom, p)
	}
}

// request reads a request of type t into *p and reports its error. What
// it decodes is copied out of the request buffer, so a huge buffer (a
// doctor input of 100 MB) is let go before the handler runs, not kept
// beside its copy for the call and for ever after.
func (r *reader) request(p unsafe.Pointer, t *wtype) error {
	r.value(p, t)
	r.b, r.strs = nil, nil
	dropLargeRequest()
	return r.err
}

// answer writes the response of type t at p unless the handler failed.
func (w *writer) answer(p unsafe.Pointer, t *wtype, err error) error {
	if err == nil {
		w.value(p, t)
	}
	return err
}

// declOp is one declared op of a build's table (ops_*generated.go): its
// number and the function reading its request into a local, calling its
// hand-written handler and writing the answer.
type declOp struct {
	num   int
	serve handler
}

func registerDeclared(ds []declOp) {
	for _, d := range ds {
		register(d.num, d.serve)
	}
}
