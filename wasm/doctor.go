//go:build rmqfull && !rmqnodoctor

package main

import (
	"encoding/json"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
	"github.com/rmqalloc/rmqalloc/internal/termsafe"
)

// The doctor (cluster/doctor) and the mqadmin output parsers, in the full
// build only: results are encoded with encoding/json, which the core
// module cannot afford (the core build refuses their ops: ops_core_generated.go).

// parsers: each PARSE_FORMAT (internal/wireschema) and its mqadmin parser;
// rmq.parse's methods are named after them.
var parsers = map[byte]func(string) (any, error){
	parseFormatConsumerConnection: func(s string) (any, error) { return mqadmin.ParseConsumerConnection(s) },
	parseFormatConsumerProgress:   func(s string) (any, error) { return mqadmin.ParseConsumerProgress(s) },
	parseFormatConsumerStatus:     func(s string) (any, error) { return mqadmin.ParseConsumerStatus(s) },
}

// doctorInputOf is the doctor.Input a request's texts are.
func doctorInputOf(in wireDoctorInput) doctor.Input {
	out := doctor.Input{Connection: in.Connection, Progress: in.Progress, Strategy: in.Strategy, Profile: in.Profile, CapturedAt: in.CapturedAt,
		StuckAfter: in.StuckAfter, ProgressErr: in.ProgressErr, StatusErr: in.StatusErr}
	out.Routes = make([]doctor.RouteText, len(in.Routes))
	for i, r := range in.Routes {
		out.Routes[i] = doctor.RouteText{Topic: r.Topic, Text: r.Text}
	}
	for _, ts := range in.TopicStatus {
		out.TopicStatus = append(out.TopicStatus, doctor.TopicStatusText{Topic: ts.Topic, Text: ts.Text})
	}
	out.Status = make([]doctor.StatusText, len(in.Status))
	for i, st := range in.Status {
		out.Status[i] = doctor.StatusText{Name: st.Name, Text: st.Text}
	}
	return out
}

// reportOf is a doctor answer: ok, judged, the text fitted in width
// columns and the report as JSON, as want asks.
func reportOf(rep *doctor.Report, want byte, width int) (doctorRunResponse, error) {
	out := doctorRunResponse{Ok: rep.OK, Judged: rep.Judged}
	if want&wantText != 0 {
		out.Text = termsafe.Escape(rep.TextWidth(width)) // a terminal shows input's escape sequences, never runs them
	}
	if want&wantJSON != 0 {
		b, err := json.Marshal(rep)
		if err != nil {
			return out, err
		}
		out.Json = b
	}
	return out, nil
}

// handleDoctorRun: the doctor's report on one snapshot, or on a series
// (doctor_series.go).
func handleDoctorRun(q doctorRunRequest) (doctorRunResponse, error) {
	width := int(min(q.Width, 1<<16))
	if width == 0 {
		width = 80
	}
	if q.Want&wantSeries != 0 {
		return doctorSeries(q.Snapshots, q.Want, width)
	}
	if len(q.Snapshots) != 1 {
		return doctorRunResponse{}, invalid("snapshots", "must be one snapshot without the series bit")
	}
	rep, err := doctor.Diagnose(doctorInputOf(q.Snapshots[0].Input))
	if err != nil {
		return doctorRunResponse{}, err
	}
	return reportOf(rep, q.Want, width)
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
