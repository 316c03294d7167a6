package conformance

import (
	"encoding/json"
	"fmt"
	"github.com/rmqalloc/rmqalloc/alloc/internal/wtf8json"
	"reflect"
	"sort"
)

// ignoredKeys are debugging fields of some result files that FORMAT.md says
// are not compared.
var ignoredKeys = map[string]bool{"hash": true, "index": true}

// Diff compares an expected and an actual result line per FORMAT.md's rules:
// parsed JSON, messages of errors ignored, "hash"/"index" ignored. It
// returns "" when they agree, else a short description of the first
// difference.
func Diff(want, got []byte) string {
	var w, g any
	if err := wtf8json.Unmarshal(want, &w); err != nil {
		return "expected line is not JSON: " + err.Error()
	}
	if err := wtf8json.Unmarshal(got, &g); err != nil {
		return "actual line is not JSON: " + err.Error()
	}
	return diffValue("$", w, g)
}

func diffValue(path string, w, g any) string {
	wm, wok := w.(map[string]any)
	gm, gok := g.(map[string]any)
	if wok && gok {
		return diffObject(path, wm, gm)
	}
	if !reflect.DeepEqual(w, g) {
		return fmt.Sprintf("%s: want %s, got %s", path, compact(w), compact(g))
	}
	return ""
}

func diffObject(path string, w, g map[string]any) string {
	_, isError := w["error"]
	keys := map[string]bool{}
	for k := range w {
		keys[k] = true
	}
	for k := range g {
		keys[k] = true
	}
	sorted := make([]string, 0, len(keys))
	for k := range keys {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	for _, k := range sorted {
		if ignoredKeys[k] || (isError && k == "message") {
			continue
		}
		wv, inW := w[k]
		gv, inG := g[k]
		switch {
		case !inW:
			return fmt.Sprintf("%s.%s: unexpected, got %s", path, k, compact(gv))
		case !inG:
			return fmt.Sprintf("%s.%s: missing, want %s", path, k, compact(wv))
		}
		if d := diffValue(path+"."+k, wv, gv); d != "" {
			return d
		}
	}
	return ""
}

func compact(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 300 {
		return string(b[:300]) + "…"
	}
	return string(b)
}
