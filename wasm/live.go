//go:build rmqfull

package main

import (
	"time"

	"github.com/rmqalloc/rmqalloc/alloc/live"
)

// The live read (alloc/live.Session) for the JS CLI: the module builds and
// reads every frame; JS carries them over node:net. Sessions are held by
// handle until their result is taken or they are freed.

var (
	liveSessions = map[uint64]*live.Session{}
	liveNext     uint64
)

// writeRequests: uvarint n × (uvarint id, str addr, bytes frame, str what).
func writeRequests(w *writer, reqs []live.Request) {
	w.uvarint(uint64(len(reqs)))
	for _, r := range reqs {
		w.uvarint(uint64(r.ID))
		w.str(r.Addr)
		w.bytes(r.Frame)
		w.str(r.What)
	}
}

func liveSession(r *reader) (uint64, *live.Session, error) {
	h := r.uvarint()
	if r.err != nil {
		return 0, nil, r.err
	}
	s, ok := liveSessions[h]
	if !ok {
		return 0, nil, disposed("the live read")
	}
	return h, s, nil
}

// clusterError: the read failed; code ERR_CLUSTER, field the kind
// (namesrv, broker, timeout, unknown-group, ...), the message naming the
// address.
func clusterError(err error) error {
	if e, ok := as[*live.Error](err); ok {
		return &boundaryError{code: codeCluster, field: string(e.Kind), msg: e.Msg}
	}
	return err
}

// snapshotJSON is what JS gets of a snapshot: the saved folder's files,
// the warnings, and whether the group is offline.
type snapshotJSON struct {
	Group    string            `json:"group"`
	Files    map[string]string `json:"files"`
	Warnings []string          `json:"warnings"`
	Offline  bool              `json:"offline"`
	Millis   int64             `json:"millis"`
}

func init() {
	// start: str namesrv, str group, uvarint n × str topic, i64 now
	// (millis), i32 zone offset (minutes east of UTC) → uvarint handle,
	// requests.
	register(opLiveStart, func(r *reader, w *writer) error {
		o := live.Options{NameServer: r.str(), Group: r.str()}
		o.Topics = make([]string, r.count(1))
		for i := range o.Topics {
			o.Topics[i] = r.str()
		}
		now := r.i64()
		zone := r.i32()
		if r.err != nil {
			return r.err
		}
		o.Now = func() time.Time { return time.UnixMilli(now) }
		o.Location = time.FixedZone("", int(zone)*60)
		s, err := live.NewSession(o)
		if err != nil {
			return clusterError(err)
		}
		liveNext++
		liveSessions[liveNext] = s
		w.uvarint(liveNext)
		writeRequests(w, s.Start())
		return nil
	})
	// handle: uvarint handle, uvarint id, bytes frame, u8 failure (0 none,
	// 1 failed, 2 timed out), str message → bool done, requests. A failure
	// that ends the read frees the session and is the error.
	register(opLiveHandle, func(r *reader, w *writer) error {
		h, s, err := liveSession(r)
		if err != nil {
			return err
		}
		id := r.uvarint()
		frame := r.bytes()
		failure := r.u8()
		msg := r.str()
		if r.err != nil {
			return r.err
		}
		var terr error
		if failure != 0 {
			terr = &live.TransportError{Timeout: failure == 2, Msg: msg}
		}
		next, err := s.Handle(int(id), frame, terr)
		if err != nil {
			delete(liveSessions, h)
			return clusterError(err)
		}
		w.bool(s.Done())
		writeRequests(w, next)
		return nil
	})
	// result: uvarint handle → snapshotJSON; frees the session.
	register(opLiveResult, func(r *reader, w *writer) error {
		h, s, err := liveSession(r)
		if err != nil {
			return err
		}
		delete(liveSessions, h)
		snap, err := s.Snapshot()
		if err != nil {
			return clusterError(err)
		}
		return writeJSON(w, snapshotJSON{Group: snap.Group, Files: snap.Files(), Warnings: append([]string{}, snap.Warnings...), Offline: snap.Offline(), Millis: snap.Millis})
	})
}

func handleLiveFree(req liveFreeRequest) error {
	delete(liveSessions, req.Handle)
	return nil
}
