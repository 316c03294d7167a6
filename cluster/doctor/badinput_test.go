package doctor_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

func inputError(t *testing.T, in doctor.Input) *alloc.TextError {
	t.Helper()
	rep, err := doctor.Diagnose(in)
	require.Nil(t, rep)
	var ie *alloc.TextError
	require.True(t, errors.As(err, &ie), "error %T %v, want an *alloc.TextError", err, err)
	return ie
}

const statusDir = "../../testdata/cluster/status-files-mixed-strategies"

// Every box cut anywhere is either read whole or refused with an error
// naming that box and a line; a cut never yields a silently smaller group.
func TestBadInputTruncated(t *testing.T) {
	base := sampleInput(t, statusDir)
	cuts := func(s string) []int {
		var out []int
		for i := 1; i < len(s)-1; i += 1 + len(s)/60 {
			out = append(out, i)
		}
		return append(out, len(s)-1) // the last character lost
	}
	for _, n := range cuts(strings.TrimRight(base.Connection, "\n")) {
		in := base
		in.Connection = base.Connection[:n]
		ie := inputError(t, in)
		assert.Equal(t, "connection", ie.Source)
		assert.Positive(t, ie.Line)
	}
	// Even a cut inside the footer's last number: it no longer adds up.
	for _, n := range cuts(strings.TrimRight(base.Progress, "\n")) {
		in := base
		in.Progress = base.Progress[:n]
		ie := inputError(t, in)
		assert.Equal(t, "progress", ie.Source, ie.Error())
		assert.Positive(t, ie.Line)
	}
	for _, n := range cuts(strings.TrimRight(base.Routes[0].Text, "\n")) {
		in := base
		in.Routes = []doctor.RouteText{{Text: base.Routes[0].Text[:n]}}
		ie := inputError(t, in)
		assert.Equal(t, "route", ie.Source)
		assert.Positive(t, ie.Line)
	}
	st := base.Status[1].Text
	for _, n := range cuts(st[:strings.Index(st, "#Consumer RT&TPS#")+len("#Consumer RT&TPS")]) {
		in := base
		in.Status = append([]doctor.StatusText{}, base.Status...)
		in.Status[1] = doctor.StatusText{Name: base.Status[1].Name, Text: st[:n]}
		ie := inputError(t, in)
		assert.Equal(t, "status[1]", ie.Source)
		assert.Positive(t, ie.Line)
		assert.Contains(t, ie.Msg, base.Status[1].Name)
	}
}

// Each text in each other box is refused, naming the box and what the text
// looks like.
func TestBadInputWrongBox(t *testing.T) {
	base := sampleInput(t, statusDir)
	texts := map[string]string{"route": base.Routes[0].Text, "connection": base.Connection, "progress": base.Progress, "status": base.Status[0].Text}
	for from, text := range texts {
		for box := range texts {
			if box == from {
				continue
			}
			in := base
			switch box {
			case "route":
				in.Routes = []doctor.RouteText{{Text: text}}
			case "connection":
				in.Connection = text
			case "progress":
				in.Progress = text
			case "status":
				in.Status = []doctor.StatusText{{Text: text}}
				box = "status[0]"
			}
			ie := inputError(t, in)
			assert.Equal(t, box, ie.Source, "%s text in %s box: %v", from, box, ie)
			assert.Positive(t, ie.Line)
			assert.Contains(t, ie.Msg, "looks like", "%s text in %s box: %v", from, box, ie)
		}
	}
}

// Binary junk, alone or inside a real text, is an error naming the box
// and line; never a panic.
func TestBadInputBinaryJunk(t *testing.T) {
	base := sampleInput(t, statusDir)
	r := rand.New(rand.NewPCG(5, 6))
	junk := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		return string(b)
	}
	for i := 0; i < 50; i++ {
		j := junk(1 + r.IntN(4000))
		for _, box := range []string{"route", "connection", "progress", "status[0]"} {
			in := base
			switch box {
			case "route":
				in.Routes = []doctor.RouteText{{Text: j}}
			case "connection":
				in.Connection = j
			case "progress":
				in.Progress = base.Progress[:len(base.Progress)/2] + j + base.Progress[len(base.Progress)/2:]
			case "status[0]":
				in.Status = []doctor.StatusText{{Text: j}}
			}
			ie := inputError(t, in)
			assert.Equal(t, box, ie.Source)
			assert.Positive(t, ie.Line)
		}
	}
}

// 10 MB of text in each box is refused with a line number, quickly enough
// and without a crash.
func TestBadInputHuge(t *testing.T) {
	base := sampleInput(t, statusDir)
	line := "lorem ipsum dolor sit amet, consectetur adipiscing elit\n"
	huge := strings.Repeat(line, 10<<20/len(line))
	for _, box := range []string{"route", "connection", "progress", "status[0]"} {
		in := base
		switch box {
		case "route":
			in.Routes = []doctor.RouteText{{Text: huge}}
		case "connection":
			in.Connection = huge
		case "progress":
			in.Progress = base.Progress + huge
		case "status[0]":
			in.Status = []doctor.StatusText{{Text: huge}}
		}
		ie := inputError(t, in)
		assert.Equal(t, box, ie.Source)
		assert.Positive(t, ie.Line)
	}
	// a 10 MB progress table that is whole is read
	in := base
	rows := strings.SplitAfter(base.Progress, "\n")
	var b strings.Builder
	b.WriteString(rows[0])
	for b.Len() < 10<<20 {
		for _, r := range rows[1 : len(rows)-4] {
			b.WriteString(r)
		}
	}
	b.WriteString(strings.Join(rows[len(rows)-4:], ""))
	in.Progress = b.String()
	ie := inputError(t, in)
	assert.Equal(t, "progress", ie.Source)
	assert.Contains(t, ie.Msg, "mqadmin prints the queues sorted")
}

func TestBadInputOptions(t *testing.T) {
	base := sampleInput(t, statusDir)
	in := base
	in.Strategy = "FOO"
	assert.Equal(t, "strategy", inputError(t, in).Source)
	in.Strategy = "CONFIG"
	assert.Equal(t, "strategy", inputError(t, in).Source)
	in = base
	in.Profile = "rust-1.0"
	assert.Equal(t, "profile", inputError(t, in).Source)
	in = base
	in.Connection = ""
	assert.Equal(t, "connection", inputError(t, in).Source)
	in = base
	in.Routes = nil
	assert.Equal(t, "route", inputError(t, in).Source)
}
