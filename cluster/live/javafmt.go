package live

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf16"

	"github.com/rmqalloc/rmqalloc/internal/javalang"
)

// Java's formatting, as the admin tool prints.

// javaLen is String.length(): UTF-16 units.
func javaLen(s string) int { return len(utf16.Encode([]rune(s))) }

// pad is %-Ns: s, then blanks up to n characters; never cut.
func pad(s string, n int) string {
	if l := javaLen(s); l < n {
		return s + strings.Repeat(" ", n-l)
	}
	return s
}

// padLeft is %Ns.
func padLeft(s string, n int) string {
	if l := javaLen(s); l < n {
		return strings.Repeat(" ", n-l) + s
	}
	return s
}

// frontStringAtLeast is UtilAll.frontStringAtLeast: s cut to its first n
// characters (UTF-16 units).
func frontStringAtLeast(s string, n int) string {
	u := utf16.Encode([]rune(s))
	if len(u) <= n {
		return s
	}
	return string(utf16.Decode(u[:n]))
}

// fixed2 is Java's %.2f: the shortest decimal of x (Double.toString's
// digits) rounded half up, not Go's round-half-even of the binary value.
func fixed2(x float64) string {
	s := strconv.FormatFloat(x, 'f', -1, 64)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, _ := strings.Cut(s, ".")
	frac += "000"
	digits := []byte(whole + frac[:2])
	if frac[2] >= '5' {
		i := len(digits) - 1
		for ; i >= 0; i-- {
			if digits[i] == '9' {
				digits[i] = '0'
				continue
			}
			digits[i]++
			break
		}
		if i < 0 {
			digits = append([]byte{'1'}, digits...)
		}
	}
	out := string(digits[:len(digits)-2]) + "." + string(digits[len(digits)-2:])
	if neg && strings.Trim(out, "0.") != "" {
		out = "-" + out
	}
	return out
}

// formatDate is UtilAll.formatDate(date, "yyyy-MM-dd HH:mm:ss") in loc.
func formatDate(millis int64, loc *time.Location) string {
	return time.UnixMilli(millis).In(loc).Format("2006-01-02 15:04:05")
}

// humanMillis is UtilAll.timeMillisToHumanString: yyyyMMddHHmmssSSS in loc.
func humanMillis(millis int64, loc *time.Location) string {
	t := time.UnixMilli(millis).In(loc)
	return t.Format("20060102150405") + pad3(t.Nanosecond()/1e6)
}

func pad3(n int) string {
	s := strconv.Itoa(n)
	return strings.Repeat("0", 3-len(s)) + s
}

// pad03 is %03d.
func pad03(n int) string {
	if n < 0 || n > 999 {
		return strconv.Itoa(n)
	}
	return pad3(n)
}

// concurrentHashMapOrder is the order in which a java.util.concurrent.
// ConcurrentHashMap iterates keys (distinct) put in this order into a
// default-sized map — a Properties (JDK 9+) or a ConcurrentMap field, as
// fastjson fills them: bins ascending by spread hash, a bin in insertion
// order, except that each doubling of the table (16 bins, doubled when
// the count reaches 3/4 of them) moves a bin's nodes before its "last
// run" in reverse, as ConcurrentHashMap.transfer does. Bins long enough
// to become trees (8 keys in one bin) are not modelled.
func concurrentHashMapOrder(keys []string) []int {
	n := 16
	bins := make([][]int, n)
	spread := make([]int32, len(keys))
	for i, k := range keys {
		h := javalang.HashCode(k)
		spread[i] = (h ^ int32(uint32(h)>>16)) & 0x7fffffff
		b := int(spread[i]) & (n - 1)
		bins[b] = append(bins[b], i)
		if i+1 >= n-n/4 {
			bins = chmTransfer(bins, spread)
			n *= 2
		}
	}
	out := make([]int, 0, len(keys))
	for _, b := range bins {
		out = append(out, b...)
	}
	return out
}

// chmTransfer doubles the table: each bin splits by the hash bit n into a
// low and a high bin; the nodes after the last change of that bit keep
// their order, the ones before are prepended one by one.
func chmTransfer(bins [][]int, spread []int32) [][]int {
	n := len(bins)
	next := make([][]int, 2*n)
	for b, bin := range bins {
		if len(bin) == 0 {
			continue
		}
		bit := func(i int) bool { return int(spread[i])&n != 0 }
		last := len(bin) - 1
		for last > 0 && bit(bin[last-1]) == bit(bin[last]) {
			last--
		}
		var lo, hi []int
		if bit(bin[last]) {
			hi = append(hi, bin[last:]...)
		} else {
			lo = append(lo, bin[last:]...)
		}
		for _, i := range bin[:last] {
			if bit(i) {
				hi = append([]int{i}, hi...)
			} else {
				lo = append([]int{i}, lo...)
			}
		}
		next[b], next[b+n] = lo, hi
	}
	return next
}
