//go:build rmqfull

package main

import (
	"strconv"
	"time"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/doctor"
)

// wantSeries, in a doctor request's first byte: the request holds several
// snapshots of one group (rmq.doctor([...])) and the report gets a
// timeline (doctor.DiagnoseSeries).
const wantSeries = 4

// readSnapshots: uvarint n × (str name, str at (RFC 3339), str atSource,
// readDoctorInput).
func readSnapshots(r *reader) ([]doctor.Snapshot, error) {
	snaps := make([]doctor.Snapshot, r.count(6))
	for i := range snaps {
		s := &snaps[i]
		s.Name = r.str()
		at := r.str()
		s.AtSource = r.str()
		s.Input = readDoctorInput(r)
		if r.err != nil {
			return nil, r.err
		}
		t, err := time.Parse(time.RFC3339Nano, at)
		if err != nil {
			return nil, &alloc.TextError{Source: "snapshot[" + strconv.Itoa(i) + "].at", Msg: strconv.Quote(at) + " is not an RFC 3339 time (2026-12-01T19:08:32Z)"}
		}
		s.At = t
	}
	return snaps, nil
}

// doctorSeries answers a wantSeries doctor request as opDoctorRun answers
// one snapshot: bool ok, bool judged, [str text], [the report as JSON, to the end].
func doctorSeries(r *reader, w *writer, want byte, width int) error {
	snaps, err := readSnapshots(r)
	if err != nil {
		return err
	}
	rep, err := doctor.DiagnoseSeries(snaps)
	if err != nil {
		return err
	}
	return writeReport(w, rep, want, width)
}
