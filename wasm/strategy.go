package main

import (
	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
)

// Clients an allocate request names (u8): CLIENT of
// js/lib/tables.generated.js, and CLIENT_PROFILE, the profile each one is
// (goclient.NewStrategyFor's names), for the CLI's help, which loads no
// module.
const (
	clientJava493 = 0
	clientJava533 = 1
	clientGo      = 2

	clientProfileJava493 = goclient.ProfileJava493
	clientProfileJava533 = goclient.ProfileJava533
	clientProfileGo      = goclient.Profile
)

// clients: each client byte's profile, the modelled Java versions that
// name it too (allocate's version option) and whose rebalance sort it
// applies. meta reports them; the JS package reads them from there.
var clients = [...]struct {
	profile  string
	versions []string
	order    sortOrder
}{
	clientJava493: {clientProfileJava493, []string{alloc.Java493.String()}, javaSort},
	clientJava533: {clientProfileJava533, []string{alloc.Java533.String()}, javaSort},
	clientGo:      {clientProfileGo, nil, goSort},
}

// Spec flag bits (u8): which optional fields follow the name, in this order.
const (
	specFlagMessageQueueList = 1 << iota
	specFlagConsumeridcs
	specFlagVirtualNodeCnt
	specFlagInner
	specFlagResolver
)

// wireLimitSpecDepth bounds MACHINE_ROOM_NEARBY nesting on the wire: the
// JS side stops encoding there (so a cyclic spec ends), and the reader
// refuses deeper. It lies past alloc.MaxSpecDepth, so that building
// reports alloc's clear ERR_LIMIT error naming the field first.
const wireLimitSpecDepth = 32

const maxSpecDepth = wireLimitSpecDepth

// readSpec reads a strategy spec:
//
//	str name, u8 flags (specFlag*), then the flagged fields in that order:
//	qlist, strings, i32, spec, (str sep, i32 brokerField, i32 consumerField)
func readSpec(r *reader, depth int) alloc.StrategySpec {
	var s alloc.StrategySpec
	if depth > maxSpecDepth {
		r.fail()
		return s
	}
	s.Name = r.str()
	flags := r.u8()
	if flags&specFlagMessageQueueList != 0 {
		qs, _, _, err := readQueueList(r, "strategy.messageQueueList")
		if err != nil && r.err == nil {
			r.err = err
		}
		s.MessageQueueList, s.HasMessageQueueList = qs, true
	}
	if flags&specFlagConsumeridcs != 0 {
		s.ConsumerIDCs = readStrings(r)
	}
	if flags&specFlagVirtualNodeCnt != 0 {
		vn := int(r.i32())
		s.VirtualNodeCnt = &vn
	}
	if flags&specFlagInner != 0 {
		inner := readSpec(r, depth+1)
		s.Inner = &inner
	}
	if flags&specFlagResolver != 0 {
		s.Resolver = &alloc.SplitResolverSpec{Sep: r.str(), BrokerField: int(r.i32()), ConsumerField: int(r.i32())}
	}
	return s
}

// readStrategy reads a spec and builds it for client with the same
// builders the native conformance runner uses.
func readStrategy(r *reader, client byte) (alloc.Strategy, error) {
	spec := readSpec(r, 0)
	if r.err != nil {
		return nil, r.err
	}
	return goclient.NewStrategyFor(profileOf(client), spec)
}

func init() {
	// strategyName: u8 client, spec → str Java getName(). Building the
	// strategy reports spec errors (e.g. a negative virtualNodeCnt).
	register(opStrategyName, func(r *reader, w *writer) error {
		client := r.u8()
		s, err := readStrategy(r, client)
		if err != nil {
			return err
		}
		w.str(s.Name())
		return nil
	})
}

// profileOf names a request's client byte as goclient.NewStrategyFor does
// (java-4.9.3 for a byte no client has).
func profileOf(client byte) string {
	if int(client) < len(clients) {
		return clients[client].profile
	}
	return clientProfileJava493
}
