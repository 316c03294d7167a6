//go:build rmqfull && !rmqnodoctor

package main

import (
	"strconv"
	"time"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// snapshotsOf reads a series' snapshots: each one's input and its time.
func snapshotsOf(ws []wireDoctorSnapshot) ([]doctor.Snapshot, error) {
	snaps := make([]doctor.Snapshot, len(ws))
	for i, w := range ws {
		t, err := time.Parse(time.RFC3339Nano, w.At)
		if err != nil {
			return nil, &alloc.TextError{Source: "snapshot[" + strconv.Itoa(i) + "].at", Msg: strconv.Quote(w.At) + " is not an RFC 3339 time (2026-12-01T19:08:32Z)"}
		}
		snaps[i] = doctor.Snapshot{Name: w.Name, At: t, AtSource: w.AtSource, Input: doctorInputOf(w.Input)}
	}
	return snaps, nil
}

// doctorSeries answers a wantSeries doctor request as a single snapshot's
// is answered: ok, judged, text and JSON as want asks.
func doctorSeries(ws []wireDoctorSnapshot, want byte, width int) (doctorRunResponse, error) {
	snaps, err := snapshotsOf(ws)
	if err != nil {
		return doctorRunResponse{}, err
	}
	rep, err := doctor.DiagnoseSeries(snaps)
	if err != nil {
		return doctorRunResponse{}, err
	}
	return reportOf(rep, want, width)
}
