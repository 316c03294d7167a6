package main

import (
	"github.com/rmqalloc/rmqalloc/alloc"
)

// version is rmqalloc's version: the source of js/lib/tables.generated.js's
// VERSION (make generate); js/package.json must carry the same, and a
// released version has one wire schema (internal/wireschema.Released; both
// checked by internal/gentables's test).
const version = "0.2.0"

// profiles and their ops, as the conformance vectors name them.
var profiles = []wireProfileInfo{
	{Name: "java-4.9.3", Ops: []string{"allocate", "selectHash", "selectRoundRobin", "selectLatency", "routeToQueues"}},
	{Name: "java-5.3.3", Ops: []string{"allocate", "selectHash", "selectRoundRobin", "selectLatency", "routeToQueues"}},
	{Name: "grpc-java", Ops: []string{"selectMessageGroup"}},
	{Name: "grpc-nodejs-1.0.8", Ops: []string{"selectMessageGroup"}},
	{Name: "go-client-2.1.2", Ops: []string{"allocate", "goRouteToPublish", "goSelect"}},
	{Name: "golang-5.1.4", Ops: []string{"takeMessageQueues"}},
	{Name: "golang-5.1.4-fixed", Ops: []string{"takeMessageQueues"}},
	{Name: "broker-5.3.3", Ops: []string{"queryAssignment"}},
	{Name: "broker-5.5.0", Ops: []string{"consistentHash", "liteTopicQueue"}},
}

// handleMeta: what a package reads first (its first two fields are the
// version handshake), then the module's tables.
func handleMeta(metaRequest) (metaResponse, error) {
	m := metaResponse{Version: version, TablesHash: tablesHash, Profiles: profiles, Build: build, Clients: clients[:]}
	for _, k := range alloc.StrategyKinds() {
		m.Strategies = append(m.Strategies, wireStrategyInfo{Name: k.Name, Options: k.OptionNames()})
	}
	return m, nil
}
