//go:build live

package livetest

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// holdLine is one consumer's line of a KitConsumer / LiveConsumer hold file:
// what it really holds now (its process queue table).
type holdLine struct {
	ClientID string
	Strategy string
	Consumed int64
	Routes   map[string]int    // queues known per topic; nil: the driver does not say (KitConsumer)
	Held     []string          // broker/topic/queueId, sorted
	Extra    map[string]string // other KEY=VALUE fields (LivePopConsumer5: answer, table)
}

// parseHoldLine reads
// "HH:mm:ss.SSS CID inst=I strategy=S consumed=N [routes=T:K,...] [KEY=VALUE...] held=K [b/t/q, ...]".
func parseHoldLine(s string) (holdLine, error) {
	var h holdLine
	sp := strings.IndexByte(s, ' ')
	inst := strings.Index(s, " inst=")
	held := strings.Index(s, " held=")
	open, end := strings.IndexByte(s, '['), strings.LastIndexByte(s, ']')
	if sp < 0 || inst < sp || held < inst || open < held || end < open {
		return h, fmt.Errorf("not a hold line: %q", s)
	}
	h.ClientID = s[sp+1 : inst]
	for _, f := range strings.Fields(s[inst:held]) {
		k, v, _ := strings.Cut(f, "=")
		switch k {
		case "strategy":
			h.Strategy = v
		case "consumed":
			h.Consumed, _ = strconv.ParseInt(v, 10, 64)
		case "routes":
			h.Routes = map[string]int{}
			for _, r := range strings.Split(v, ",") {
				if t, n, ok := strings.Cut(r, ":"); ok {
					h.Routes[t], _ = strconv.Atoi(n)
				}
			}
		default:
			if h.Extra == nil {
				h.Extra = map[string]string{}
			}
			h.Extra[k] = v
		}
	}
	if list := s[open+1 : end]; list != "" {
		h.Held = strings.Split(list, ", ")
	}
	sort.Strings(h.Held)
	return h, nil
}

func readHold(path string) ([]holdLine, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var lines []holdLine
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if l == "" {
			continue
		}
		h, err := parseHoldLine(l)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		lines = append(lines, h)
	}
	return lines, nil
}

// readHolds reads several hold files (a group spread over JVMs).
func readHolds(paths ...string) ([]holdLine, error) {
	var all []holdLine
	for _, p := range paths {
		l, err := readHold(p)
		if err != nil {
			return nil, err
		}
		all = append(all, l...)
	}
	return all, nil
}

// settle polls check every second until it has held three times in a row
// (on success check's text is logged: what every consumer holds)
// (the hold files are rewritten every second), or fails the test at timeout
// with check's last explanation of what still differs.
func settle(t *testing.T, what string, timeout time.Duration, check func() (bool, string)) {
	t.Helper()
	start := time.Now()
	deadline := start.Add(timeout)
	streak, last := 0, ""
	for {
		ok, diff := check()
		if ok {
			streak++
			if streak == 3 {
				t.Logf("%s: settled after %.1f s:\n%s", what, time.Since(start).Seconds(), diff)
				return
			}
		} else {
			streak, last = 0, diff
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: not settled after %s; still differs:\n%s", what, timeout, last)
		}
		time.Sleep(time.Second)
	}
}
