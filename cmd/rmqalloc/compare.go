//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rmqalloc/rmqalloc/alloc/analysis"
)

// changeHeads are the table's names of analysis.CompareChanges.
var changeHeads = map[string]string{"join": "join", "leave": "leave", "restart": "restart", "addBroker": "+broker", "double": "×2 queues"}

// toFixed2 is JavaScript's x.toFixed(2): the double's exact value rounded
// to two decimals, a half rounded up.
func toFixed2(x float64) string {
	s := strconv.FormatFloat(x, 'f', 80, 64) // exact for the ratios printed
	dot := strings.IndexByte(s, '.')
	whole, frac := s[:dot], s[dot+1:]
	cents, _ := strconv.ParseInt(whole+frac[:2], 10, 64)
	if frac[2] >= '5' {
		cents++
	}
	return fmt.Sprintf("%d.%02d", cents/100, cents%100)
}

// ratio is max/min or max/avg as the README prints it.
func ratio(a, b float64) string {
	if b == 0 {
		if a == 0 {
			return "1.00"
		}
		return "∞"
	}
	return toFixed2(a / b)
}

// compareCommand: `plan --compare`, analysis.Compare as a table.
func compareCommand(e *env, a *args) (int, error) {
	for _, f := range []string{"route", "topic", "strategy", "vnodes", "profile"} {
		if a.has(f) {
			return 0, usageErr("--%s does not go with --compare (it compares every strategy on generated brokers and consumers)", f)
		}
	}
	if a.has("json") && a.has("markdown") {
		return 0, usageErr("give --json or --markdown, not both")
	}
	if !a.has("brokers") || !digits.MatchString(a.str("brokers")) {
		return 0, usageErr("--compare needs --brokers N (a count: the brokers are named broker-a, broker-b, ...)")
	}
	if !a.has("consumers") || !digits.MatchString(a.str("consumers")) {
		return 0, usageErr("--compare needs --consumers N (a count: the consumers are 192.168.1.1@4001, ...)")
	}
	brokers, err := wholeNumber("--brokers", a.str("brokers"), 1, 10000)
	if err != nil {
		return 0, err
	}
	perBroker := 4
	if a.has("queues") {
		if perBroker, err = wholeNumber("--queues", a.str("queues"), 1, 65536); err != nil {
			return 0, err
		}
	}
	members, err := wholeNumber("--consumers", a.str("consumers"), 1, 1024)
	if err != nil {
		return 0, err
	}
	res, err := analysis.Compare(analysis.CompareGroup{Queues: brokers * perBroker, Brokers: brokers, Members: members}, nil)
	if err != nil {
		return 0, allocError(err)
	}
	switch {
	case a.has("json"):
		enc := json.NewEncoder(e.stdout)
		enc.SetEscapeHTML(false)
		return exitOK, enc.Encode(struct {
			Group   analysis.CompareGroup `json:"group"`
			Changes []string              `json:"changes"`
			Least   []int                 `json:"least"`
			Rows    []analysis.CompareRow `json:"rows"`
		}{res.Group, analysis.CompareChanges, res.Least, res.Rows})
	case a.has("markdown"):
		fmt.Fprint(e.stdout, res.Markdown())
		return exitOK, nil
	}
	fmt.Fprint(e.stdout, compareText(res, e.width()))
	return exitOK, nil
}

// compareText: the comparison as one table, or two (balance, then queues
// moved) when one does not fit width.
func compareText(res *analysis.CompareResult, width int) string {
	g := res.Group
	var changes []string
	for _, c := range analysis.CompareChanges {
		h := changeHeads[c]
		if h == "" {
			h = c
		}
		changes = append(changes, h)
	}
	balance := [][]string{{"strategy", "queues/member", "max/min", "max/avg"}}
	moved := [][]string{append([]string{"strategy"}, changes...)}
	least := []string{"least any balanced plan moves"}
	for _, n := range res.Least {
		least = append(least, strconv.Itoa(n))
	}
	moved = append(moved, least)
	for _, r := range res.Rows {
		balance = append(balance, []string{r.Label, fmt.Sprintf("%d–%d", r.Min, r.Max), ratio(float64(r.Max), float64(r.Min)), ratio(float64(r.Max), r.Mean)})
		row := []string{r.Label}
		for _, c := range r.Changes {
			row = append(row, strconv.Itoa(c.Moved))
		}
		moved = append(moved, row)
	}
	// dup q·s closes the moved table.
	moved[0] = append(moved[0], "dup q·s")
	moved[1] = append(moved[1], "")
	for i, r := range res.Rows {
		moved[i+2] = append(moved[i+2], strconv.Itoa(r.DupQueueSeconds))
	}
	out := wrap(fmt.Sprintf("%d queues (%d brokers × %d), %d consumers: queues moved by each change", g.Queues, g.Brokers, g.Queues/g.Brokers, g.Members), width, "")
	out = append(out, "")
	// One table: balance, then the moved columns (least row blank in the
	// balance columns).
	one := [][]string{append(append([]string{}, balance[0]...), moved[0][1:]...)}
	one = append(one, append([]string{least[0], "", "", ""}, moved[1][1:]...))
	for i := range res.Rows {
		one = append(one, append(append([]string{}, balance[i+1]...), moved[i+2][1:]...))
	}
	if t := table(one); maxWidth(t) <= width {
		out = append(out, t...)
	} else {
		out = append(out, table(balance)...)
		out = append(out, "")
		out = append(out, table(moved)...)
	}
	out = append(out, "")
	out = append(out, wrap("dup q·s: moved queues whose old owner still runs × 5 s (membership change: every member is notified at once, the offset commit lags up to 5 s) or × 55 s (route change: 30 s route poll + 20 s rebalance timer + 5 s).", width, "")...)
	return strings.Join(out, "\n") + "\n"
}

// table lays rows out in columns two spaces apart: the first left-aligned,
// the others right-aligned.
func table(rows [][]string) []string {
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], utf8.RuneCountInString(c))
		}
	}
	out := make([]string, len(rows))
	for k, r := range rows {
		cells := make([]string, len(r))
		for i, c := range r {
			if i == 0 {
				cells[i] = padEnd(c, widths[i])
			} else {
				cells[i] = padStart(c, widths[i])
			}
		}
		out[k] = strings.TrimRight(strings.Join(cells, "  "), " ")
	}
	return out
}

func maxWidth(lines []string) int {
	w := 0
	for _, l := range lines {
		w = max(w, utf8.RuneCountInString(l))
	}
	return w
}
