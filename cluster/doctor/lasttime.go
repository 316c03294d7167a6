package doctor

import "time"

// parseLastTime reads consumerProgress's #LastTime ("2006-01-02 15:04:05",
// UTC) as time.Parse(lastTimeLayout, s) does, without its general layout
// machinery on the common shape: one call per progress row. Anything else
// goes to time.Parse.
func parseLastTime(s string) (time.Time, error) {
	if len(s) != len(lastTimeLayout) || s[4] != '-' || s[7] != '-' || s[10] != ' ' || s[13] != ':' || s[16] != ':' {
		return time.Parse(lastTimeLayout, s)
	}
	num := func(i, n int) int {
		v := 0
		for _, c := range []byte(s[i : i+n]) {
			if c < '0' || c > '9' {
				return -1
			}
			v = v*10 + int(c-'0')
		}
		return v
	}
	y, mo, d, h, mi, sec := num(0, 4), num(5, 2), num(8, 2), num(11, 2), num(14, 2), num(17, 2)
	if y < 0 || mo < 1 || mo > 12 || d < 1 || h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59 ||
		d > time.Date(y, time.Month(mo)+1, 0, 0, 0, 0, 0, time.UTC).Day() {
		return time.Parse(lastTimeLayout, s) // its error, or its reading of an odd value
	}
	return time.Date(y, time.Month(mo), d, h, mi, sec, 0, time.UTC), nil
}
