package main

import (
	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
)

// The clients an allocate request names (u8, CLIENT) and the profile each
// one is (CLIENT_PROFILE, the clients' Name(); a test checks them against
// alloc.Java493's, alloc.Java533's and goclient.Client's) are declared in
// internal/wireschema, as are the spec flag bits (SPEC_FLAG) and the wire's
// nesting limit (WIRE_LIMIT): enums_generated.go.

// clients: each client byte's profile, the modelled Java versions that
// name it too (allocate's version option) and whose rebalance sort it
// applies. meta reports them; the JS package reads them from there.
var clients = [...]wireClientInfo{
	clientJava493: {Profile: clientProfileJava493, Versions: []string{alloc.Java493.Version()}, SortOrder: byte(javaSort)},
	clientJava533: {Profile: clientProfileJava533, Versions: []string{alloc.Java533.Version()}, SortOrder: byte(javaSort)},
	clientGo:      {Profile: clientProfileGo, SortOrder: byte(goSort)},
}

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

// strategyOf builds spec as client (a CLIENT byte) runs it.
func strategyOf(client byte, spec alloc.StrategySpec) (alloc.Strategy, error) {
	switch client { // direct calls: the core module links no Client method it does not call
	case clientGo:
		return goclient.Client.NewStrategy(spec)
	case clientJava533:
		return alloc.Java533.NewStrategy(spec)
	}
	return alloc.Java493.NewStrategy(spec)
}

// readStrategySpec reads a top-level spec (the declared custom type
// strategySpec).
func readStrategySpec(r *reader) alloc.StrategySpec { return readSpec(r, 0) }

// handleStrategyName: Java getName() of the spec built for client.
// Building the strategy reports spec errors (e.g. a negative
// virtualNodeCnt).
func handleStrategyName(req strategyNameRequest) (strategyNameResponse, error) {
	s, err := strategyOf(req.Client, req.Strategy)
	if err != nil {
		return strategyNameResponse{}, err
	}
	return strategyNameResponse{Name: s.Name()}, nil
}
