package doctor_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/route"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
)

// parsedInput gives every box of in that mqadmin reads as its parsed
// value, with the text replaced by garbage (so a Diagnose that read the
// text instead would fail). It reports how many boxes it replaced.
func parsedInput(t *testing.T, in doctor.Input) (doctor.Input, int) {
	t.Helper()
	const garbage = "not mqadmin output {"
	out := in
	n := 0
	out.Routes = nil
	for _, rt := range in.Routes {
		if r, err := mqadmin.ParseTopicRoute(rt.Text); err == nil {
			rt.Route, rt.Text = r, garbage
			n++
		}
		out.Routes = append(out.Routes, rt)
	}
	if c, err := mqadmin.ParseConsumerConnection(in.Connection); err == nil {
		out.ParsedConnection, out.Connection = c, garbage
		n++
	}
	if p, err := mqadmin.ParseConsumerProgress(in.Progress); err == nil {
		out.ParsedProgress, out.Progress = p, garbage
		n++
	}
	out.Status = nil
	for _, st := range in.Status {
		if ri, err := mqadmin.ParseConsumerStatus(st.Text); err == nil {
			st.Info, st.Text = ri, garbage
			n++
		}
		out.Status = append(out.Status, st)
	}
	return out, n
}

// A caller who parsed the texts with mqadmin gets the report the texts
// give, for every sample cluster.
func TestDiagnoseParsedInputsMatchTexts(t *testing.T) {
	replaced := 0
	for _, dir := range testkit.SampleDirs(t, "cluster") {
		t.Run(dir, func(t *testing.T) {
			in := sampleInput(t, dir)
			want, err := doctor.Diagnose(in)
			require.NoError(t, err)
			parsed, n := parsedInput(t, in)
			replaced += n
			got, err := doctor.Diagnose(parsed)
			require.NoError(t, err)
			assert.Equal(t, want, got)
		})
	}
	assert.Positive(t, replaced, "some box was given parsed")
}

// A parsed connection without any text is enough; no connection at all is
// still the connection box's error.
func TestDiagnoseParsedConnectionAlone(t *testing.T) {
	in := sampleInput(t, testkit.SampleDirs(t, "cluster")[0])
	c, err := mqadmin.ParseConsumerConnection(in.Connection)
	require.NoError(t, err)
	in.Connection, in.ParsedConnection = "", c
	_, err = doctor.Diagnose(in)
	require.NoError(t, err)

	in.ParsedConnection = nil
	assert.Equal(t, "connection", inputError(t, in).Source)
}

// The same cut route is one *alloc.TextError at one place whichever reader
// reads it; only the source differs (the doctor names its box).
func TestCutRouteIsOneTextErrorEverywhere(t *testing.T) {
	in := sampleInput(t, testkit.SampleDirs(t, "cluster")[0])
	text := in.Routes[0].Text
	cut := text[:len(text)/2]

	var fromRoute, fromMqadmin, fromDoctor *alloc.TextError
	_, err := route.Parse(cut)
	require.ErrorAs(t, err, &fromRoute)
	_, err = mqadmin.ParseTopicRoute(cut)
	require.ErrorAs(t, err, &fromMqadmin)
	in.Routes[0].Text = cut
	_, err = doctor.Diagnose(in)
	require.ErrorAs(t, err, &fromDoctor)

	assert.Equal(t, "route", fromRoute.Source)
	assert.Positive(t, fromRoute.Line)
	assert.Equal(t, *fromRoute, *fromMqadmin)
	assert.Equal(t, alloc.TextError{Source: "route", Line: fromRoute.Line, Column: fromRoute.Column, Msg: fromRoute.Msg}, *fromDoctor)
}
