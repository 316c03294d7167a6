package doctor

import "strings"

// Text renders the report for a person: the verdict, the findings, then a
// table of the queues that are not ok.
func (r *Report) Text() string {
	var b strings.Builder
	b.WriteString(r.Verdict)
	b.WriteString("\n")
	return b.String()
}
