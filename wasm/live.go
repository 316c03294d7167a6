//go:build rmqfull && !rmqnodoctor

package main

import (
	"encoding/json"
	"time"

	"github.com/rmqalloc/rmqalloc/cluster/live"
)

// The live read (cluster/live.Session) for the JS CLI: the module builds and
// reads every frame; JS carries them over node:net. Sessions are held by
// handle until their result is taken or they are freed.

var (
	liveSessions = map[uint64]*live.Session{}
	liveNext     uint64
)

// liveRequests: the frames for JS to carry (wireschema record liveRequest).
func liveRequests(reqs []live.Request) []wireLiveRequest {
	out := make([]wireLiveRequest, len(reqs))
	for i, r := range reqs {
		out[i] = wireLiveRequest{Id: uint64(r.ID), Addr: r.Addr, Frame: r.Frame, What: r.What}
	}
	return out
}

func liveSession(h uint64) (*live.Session, error) {
	s, ok := liveSessions[h]
	if !ok {
		return nil, disposed("the live read")
	}
	return s, nil
}

// clusterError: the read failed; code ERR_CLUSTER, field the kind
// (namesrv, broker, timeout, unknown-group, ...), the message naming the
// address.
func clusterError(err error) error {
	if e, ok := as[*live.Error](err); ok {
		return &boundaryError{code: codeCluster, field: e.Kind.Error(), msg: e.Msg}
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

// handleLiveStart: a new session and its first requests.
func handleLiveStart(req liveStartRequest) (liveStartResponse, error) {
	o := live.Options{NameServer: req.NameServer, Group: req.Group, Topics: req.Topics}
	if req.AccessKey != "" {
		o.Credentials = &live.Credentials{AccessKey: req.AccessKey, SecretKey: req.SecretKey}
	}
	now := req.Now
	o.Now = func() time.Time { return time.UnixMilli(now) }
	o.Location = time.FixedZone("", int(req.Zone)*60)
	s, err := live.NewSession(o)
	if err != nil {
		return liveStartResponse{}, clusterError(err)
	}
	liveNext++
	liveSessions[liveNext] = s
	return liveStartResponse{Handle: liveNext, Requests: liveRequests(s.Start())}, nil
}

// handleLiveHandle: an answer (or a failure) for request id → done, the
// next requests. A failure that ends the read frees the session.
func handleLiveHandle(req liveHandleRequest) (liveHandleResponse, error) {
	s, err := liveSession(req.Handle)
	if err != nil {
		return liveHandleResponse{}, err
	}
	var terr error
	if req.Failure != 0 {
		terr = &live.TransportError{Timeout: req.Failure == 2, Msg: req.Message}
	}
	next, err := s.Handle(int(req.Id), req.Frame, terr)
	if err != nil {
		delete(liveSessions, req.Handle)
		return liveHandleResponse{}, clusterError(err)
	}
	return liveHandleResponse{Done: s.Done(), Requests: liveRequests(next)}, nil
}

// handleLiveResult: the snapshot as JSON; frees the session.
func handleLiveResult(req liveResultRequest) (liveResultResponse, error) {
	s, err := liveSession(req.Handle)
	if err != nil {
		return liveResultResponse{}, err
	}
	delete(liveSessions, req.Handle)
	snap, err := s.Snapshot()
	if err != nil {
		return liveResultResponse{}, clusterError(err)
	}
	b, err := json.Marshal(snapshotJSON{Group: snap.Group, Files: snap.Files(), Warnings: append([]string{}, snap.Warnings...), Offline: snap.Offline(), Millis: snap.Millis})
	return liveResultResponse{Snapshot: b}, err
}

func handleLiveFree(req liveFreeRequest) error {
	delete(liveSessions, req.Handle)
	return nil
}
