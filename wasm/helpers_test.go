package main

import (
	"errors"
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/stretchr/testify/assert"
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

// readMeta reads a meta answer's build and clients (wasm/meta.go).
func readMeta(t testing.TB, resp []byte) metaAnswer {
	t.Helper()
	require.True(t, len(resp) > 0 && resp[0] == statusOK, "want an ok response")
	r := reader{b: resp[1:]}
	str := func() string { n := int(r.uvarint()); s := string(r.b[r.p : r.p+n]); r.p += n; return s }
	strs := func() []string {
		var out []string
		for n := r.uvarint(); n > 0; n-- {
			out = append(out, str())
		}
		return out
	}
	str() // version
	str() // tables hash
	// Strategies, then profiles: a name and a string list each.
	for range 2 {
		for n := r.uvarint(); n > 0; n-- {
			str()
			strs()
		}
	}
	var m metaAnswer
	m.build = str()
	for n := r.uvarint(); n > 0; n-- {
		m.clients = append(m.clients, metaClient{profile: str(), versions: strs(), order: r.u8()})
	}
	assert.Equal(t, len(r.b), r.p, "nothing after the clients")
	return m
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
