package main

import (
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// jsonw writes JSON by hand: analysis results are nested structures that
// JS reads with one JSON.parse. The full build links encoding/json anyway
// (the doctor), yet measured against it (json_std_test.go, the same bytes
// through mirror types) this writer is both smaller (~3 KB gzip of full
// module) and faster (1.8x on compare, 5x on a scenario, 7x on a
// 20,000 x 1,000 plan: BenchmarkAnalysisJSON). Keys and shapes follow
// alloc/analysis's json tags.
//
// Its small methods are marked go:noinline: inlined, each append expands
// into a few hundred bytes of WebAssembly at every call site, and the
// writers below make hundreds of calls (about 37 KB of module in all).
type jsonw struct{ w *writer }

//go:noinline
func (j jsonw) raw(s string) { j.w.b = append(j.w.b, s...) }

//go:noinline
func (j jsonw) str(s string) {
	b := append(j.w.b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			b = append(b, c)
			i++
			continue
		}
		if c == 0xED && i+2 < len(s) && s[i+1] >= 0xA0 && s[i+1] <= 0xBF && s[i+2]&0xC0 == 0x80 {
			// A lone surrogate (WTF-8, as JS sent it): JSON's \u escape
			// carries it back to JS exactly.
			u := 0xD000 | int(s[i+1]&0x3F)<<6 | int(s[i+2]&0x3F)
			const hex = "0123456789abcdef"
			b = append(b, '\\', 'u', 'd', hex[u>>8&15], hex[u>>4&15], hex[u&15])
			i += 3
			continue
		}
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				b = append(b, `\ufffd`...)
			} else {
				b = append(b, s[i:i+n]...)
			}
			i += n
			continue
		}
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, `\n`...)
		case '\r':
			b = append(b, `\r`...)
		case '\t':
			b = append(b, `\t`...)
		default:
			b = append(b, `\u00`...)
			b = append(b, "0123456789abcdef"[c>>4], "0123456789abcdef"[c&15])
		}
		i++
	}
	j.w.b = append(b, '"')
}

//go:noinline
func (j jsonw) int(v int) { j.w.b = strconv.AppendInt(j.w.b, int64(v), 10) }

//go:noinline
func (j jsonw) float(f float64) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		j.raw("null")
		return
	}
	j.w.b = strconv.AppendFloat(j.w.b, f, 'g', -1, 64)
}

//go:noinline
func (j jsonw) bool(v bool) {
	if v {
		j.raw("true")
	} else {
		j.raw("false")
	}
}

// key writes `,"k":` (without the comma for the first key, first=true).
//
//go:noinline
func (j jsonw) key(k string, first bool) {
	if !first {
		j.raw(",")
	}
	j.str(k)
	j.raw(":")
}

// intFields writes `,"name":v` for each pair (names is a package-level
// table: one call per struct keeps the module small).
func (j jsonw) intFields(names []string, vals ...int) {
	for i, n := range names {
		j.key(n, false)
		j.int(vals[i])
	}
}

// named writes {"key":name,"names[0]":vals[0],...}: the objects of the
// analysis answers that are a name and its counts (a broker's, a room's,
// a strategy's totals, a compared change's).
func (j jsonw) named(key, name string, names []string, vals ...int) {
	j.raw("{")
	j.key(key, true)
	j.str(name)
	j.intFields(names, vals...)
	j.raw("}")
}

// list writes a JSON array of n elements, each written by elem(i): the
// one place that handles brackets and commas.
func (j jsonw) list(n int, elem func(i int)) {
	j.raw("[")
	for i := 0; i < n; i++ {
		if i > 0 {
			j.raw(",")
		}
		elem(i)
	}
	j.raw("]")
}

func (j jsonw) strs(ss []string) {
	j.list(len(ss), func(k int) { j.str(ss[k]) })
}

func (j jsonw) ints(vs []int) {
	j.list(len(vs), func(k int) { j.int(vs[k]) })
}

func (j jsonw) int32s(vs []int32) {
	j.list(len(vs), func(k int) { j.int(int(vs[k])) })
}

func (j jsonw) queue(q alloc.MessageQueue) {
	j.raw(`{"topic":`)
	j.str(q.Topic)
	j.raw(`,"brokerName":`)
	j.str(q.BrokerName)
	j.raw(`,"queueId":`)
	j.int(int(q.QueueID))
	j.raw("}")
}

func (j jsonw) queues(qs []alloc.MessageQueue) {
	j.list(len(qs), func(k int) { j.queue(qs[k]) })
}
