package producer

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"
)

// vectorStrings reads the string at obj[k1][k2] (or obj[k1] when k2 is "")
// of every case in a vector file, for fuzz seeds.
func vectorStrings(tb testing.TB, path, k1, k2 string) []string {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var obj map[string]any
		if err := json.Unmarshal(sc.Bytes(), &obj); err != nil {
			tb.Fatal(err)
		}
		v := obj[k1]
		if k2 != "" {
			m, _ := v.(map[string]any)
			v = m[k2]
		}
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	if len(out) == 0 {
		tb.Fatalf("%s: no %s.%s strings", path, k1, k2)
	}
	return out
}
