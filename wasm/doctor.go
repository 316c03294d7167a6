//go:build rmqfull

package main

import (
	"encoding/json"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/doctor"
	"github.com/rmqalloc/rmqalloc/alloc/mqadmin"
)

// The doctor (alloc/doctor) and the mqadmin output parsers, in the full
// build only: results are encoded with encoding/json, which the core
// module cannot afford (doctor_core.go answers there).

// Formats of the parse operation (u8): PARSE_FORMAT of
// js/lib/tables.generated.js, which rmq.parse's methods are named after.
const (
	parseFormatConsumerConnection = 1
	parseFormatConsumerProgress   = 2
	parseFormatConsumerStatus     = 3
)

var parsers = map[byte]func(string) (any, error){
	parseFormatConsumerConnection: func(s string) (any, error) { return mqadmin.ParseConsumerConnection(s) },
	parseFormatConsumerProgress:   func(s string) (any, error) { return mqadmin.ParseConsumerProgress(s) },
	parseFormatConsumerStatus:     func(s string) (any, error) { return mqadmin.ParseConsumerStatus(s) },
}

// What a doctor request asks for (bits of its first byte): the report for
// a person (Report.Text), the report as JSON, or both. Each costs time at
// 20,000 queues, so the CLI asks for the one it prints. WANT of
// js/lib/tables.generated.js (with wantSeries, doctor_series.go).
const (
	wantText = 1
	wantJSON = 2
)

// readDoctorInput: uvarint n × (str topic, str text) routes, str connection,
// str progress, uvarint n × (str name, str text) status, str strategy,
// str profile, str capturedAt.
func readDoctorInput(r *reader) doctor.Input {
	var in doctor.Input
	in.Routes = make([]doctor.RouteText, r.count(2))
	for i := range in.Routes {
		in.Routes[i] = doctor.RouteText{Topic: r.str(), Text: r.str()}
	}
	in.Connection = r.str()
	in.Progress = r.str()
	in.Status = make([]doctor.StatusText, r.count(2))
	for i := range in.Status {
		in.Status[i] = doctor.StatusText{Name: r.str(), Text: r.str()}
	}
	in.Strategy = r.str()
	in.Profile = r.str()
	in.CapturedAt = r.str()
	return in
}

// writeJSON appends v as JSON to the rest of the response.
func writeJSON(w *writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	w.b = append(w.b, b...)
	return nil
}

// textInputError: every text reader (route, mqadmin, the doctor) fails
// with an *alloc.TextError; its Source is the box.
func textInputError(err error) (inputError, bool) {
	e, ok := as[*alloc.TextError](err)
	if !ok {
		return inputError{}, false
	}
	return inputError{box: e.Source, line: e.Line, column: e.Column, msg: e.Error()}, true
}

// writeReport answers a doctor request: bool ok, bool judged, [str text
// fitted in width columns], [the report as JSON, to the end], as want asks.
func writeReport(w *writer, rep *doctor.Report, want byte, width int) error {
	w.bool(rep.OK)
	w.bool(rep.Judged)
	if want&wantText != 0 {
		w.str(rep.TextWidth(width))
	}
	if want&wantJSON != 0 {
		return writeJSON(w, rep)
	}
	return nil
}

func init() {
	inputErrorKinds = append([]func(error) (inputError, bool){textInputError}, inputErrorKinds...)

	// doctor: u8 want, uvarint width (of the text; 0 = 80), then
	// readDoctorInput (readSnapshots with wantSeries) → bool ok, bool judged,
	// [str text (Report.TextWidth)] [the report as JSON, to the end].
	register(opDoctorRun, func(r *reader, w *writer) error {
		want := r.u8()
		width := int(min(r.uvarint(), 1<<16))
		if width == 0 {
			width = 80
		}
		if want&wantSeries != 0 {
			return doctorSeries(r, w, want, width) // doctor_series.go
		}
		in := readDoctorInput(r)
		if r.err != nil {
			return r.err
		}
		rep, err := doctor.Diagnose(in)
		if err != nil {
			return err
		}
		return writeReport(w, rep, want, width)
	})
}

// handleParse: an mqadmin output parsed, as JSON.
func handleParse(req parseRequest) (parseResponse, error) {
	parse, ok := parsers[req.Format]
	if !ok {
		return parseResponse{}, invalid("format", "is not a known mqadmin format")
	}
	v, err := parse(req.Text)
	if err != nil {
		return parseResponse{}, err
	}
	b, err := json.Marshal(v)
	return parseResponse{Json: b}, err
}
