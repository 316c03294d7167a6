package main

import (
	"errors"
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/stretchr/testify/require"
)

func malformed(err error) bool {
	var m errMalformed
	return errors.As(err, &m)
}

// metaBuild decodes a meta response (meta.go) down to its closing build name.
func metaBuild(t testing.TB, resp []byte) string {
	t.Helper()
	return readMeta(t, resp).build
}

// metaClient is one client meta lists.
type metaClient struct {
	profile  string
	versions []string
	order    byte
}

type metaAnswer struct {
	build   string
	clients []metaClient
}

// readMeta reads a meta answer's build and clients (wasm/meta.go): the
// response must be the bytes the generated writer makes of handleMeta's
// answer, so a field added to meta's declaration needs no edit here (the
// JS package's tests decode the same bytes with the generated decoder).
func readMeta(t testing.TB, resp []byte) metaAnswer {
	t.Helper()
	require.True(t, len(resp) > 0 && resp[0] == statusOK, "want an ok response")
	m, err := handleMeta(metaRequest{})
	require.NoError(t, err)
	var w writer
	writeMetaResponse(&w, &m)
	require.Equal(t, w.b, resp[1:], "meta's bytes are its handler's answer as written")
	out := metaAnswer{build: m.Build}
	for _, c := range m.Clients {
		out.clients = append(out.clients, metaClient{profile: c.Profile, versions: c.Versions, order: c.SortOrder})
	}
	return out
}

// sampleAllocPlan is the custom allocPlan's golden value
// (internal/wireschema queues.go): AVG for one member over one queue,
// answered by name (no cid list sent) with the member's share a range.
func sampleAllocPlan() allocPlan {
	s, err := strategyOf(clientJava493, alloc.StrategySpec{Name: "AVG"})
	if err != nil {
		panic(err)
	}
	qs := []alloc.MessageQueue{{Topic: "T", BrokerName: "b", QueueID: 1}}
	p, err := alloc.AllocateAll(s, "g", qs, []string{"a"})
	if err != nil {
		panic(err)
	}
	return allocPlan{h: &allocHead{client: clientJava493, strategy: s, mqs: viewOf(qs, nil, unsorted)}, p: p}
}
