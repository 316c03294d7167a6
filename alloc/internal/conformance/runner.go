package conformance

import (
	"bufio"
	"bytes"
	"fmt"
	"github.com/rmqalloc/rmqalloc/alloc/internal/wtf8json"
	"io"
	"sort"
	"strings"
)

// handler answers one case (the whole JSON line) with a result object that
// already carries the case's id.
type handler func(line []byte) (any, error)

// handlers[profile][op]
var handlers = map[string]map[string]handler{}

// register makes fn answer op for each of profiles. Called from init
// functions of the per-op files.
func register(op string, fn handler, profiles ...string) {
	for _, p := range profiles {
		if handlers[p] == nil {
			handlers[p] = map[string]handler{}
		}
		handlers[p][op] = fn
	}
}

// Profiles lists the profiles the runner supports, sorted.
func Profiles() []string {
	var ps []string
	for p := range handlers {
		ps = append(ps, p)
	}
	sort.Strings(ps)
	return ps
}

// Ops lists the ops a profile supports, sorted.
func Ops(profile string) []string {
	var ops []string
	for op := range handlers[profile] {
		ops = append(ops, op)
	}
	sort.Strings(ops)
	return ops
}

// Run reads cases from in, one JSON object per line (blank lines skipped),
// and writes one result line per case to out. A case it cannot read or an
// op the profile lacks stops the run with an error naming the line.
func Run(profile string, in io.Reader, out io.Writer) error {
	ops, ok := handlers[profile]
	if !ok {
		return fmt.Errorf("unknown profile %q (supported: %s)", profile, strings.Join(Profiles(), ", "))
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 256<<20)
	w := bufio.NewWriter(out)
	for lineNo := 1; sc.Scan(); lineNo++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var head struct {
			ID string `json:"id"`
			Op string `json:"op"`
		}
		if err := wtf8json.Unmarshal(line, &head); err != nil {
			return fmt.Errorf("line %d: %v", lineNo, err)
		}
		fn, ok := ops[head.Op]
		if !ok {
			return fmt.Errorf("line %d (%s): profile %s has no op %q (it has: %s)", lineNo, head.ID, profile, head.Op, strings.Join(Ops(profile), ", "))
		}
		res, err := fn(line)
		if err != nil {
			return fmt.Errorf("line %d (%s): %v", lineNo, head.ID, err)
		}
		b, err := wtf8json.Marshal(res) // lone surrogates written back as \u escapes
		if err != nil {
			return fmt.Errorf("line %d (%s): %v", lineNo, head.ID, err)
		}
		w.Write(append(b, '\n'))
	}
	if err := sc.Err(); err != nil {
		return err
	}
	return w.Flush()
}
