package analysis

import (
	"strconv"
	"strings"
)

// Markdown is the comparison as a Markdown table: per strategy the queues
// per member (min–max), max/min and max/average, the queues each change
// moves, and the worst-case queue-seconds of double consumption; a first
// row gives the least any balanced plan moves (CompareResult.Least).
func (r *CompareResult) Markdown() string {
	var b strings.Builder
	g := r.Group
	b.WriteString(strconv.Itoa(g.Queues) + " queues (" + strconv.Itoa(g.Brokers) + " brokers × " + strconv.Itoa(g.Queues/g.Brokers) + "), " + strconv.Itoa(g.Members) + " members\n\n")
	b.WriteString("| strategy | queues/member | max/min | max/avg | join | leave | restart | +broker | ×2 queues | dup q·s |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|\n")
	least := []string{"*least any balanced plan moves*", "", "", ""}
	for _, n := range r.Least {
		least = append(least, "*"+strconv.Itoa(n)+"*")
	}
	b.WriteString("| " + strings.Join(append(least, ""), " | ") + " |\n")
	for _, row := range r.Rows {
		cells := []string{row.Label, strconv.Itoa(row.Min) + "–" + strconv.Itoa(row.Max), MaxOverMin(row.Min, row.Max), ratio(float64(row.Max), row.Mean)}
		for _, mv := range row.Changes {
			cells = append(cells, strconv.Itoa(mv.Moved))
		}
		cells = append(cells, strconv.Itoa(row.DupQueueSeconds))
		b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
	}
	return b.String()
}

// MaxOverMin is max/min with two decimals, "∞" when min is 0.
func MaxOverMin(min, max int) string {
	if min == 0 {
		if max == 0 {
			return "1.00"
		}
		return "∞"
	}
	return ratio(float64(max), float64(min))
}

func ratio(a, b float64) string {
	if b == 0 {
		return "∞"
	}
	return strconv.FormatFloat(a/b, 'f', 2, 64)
}
