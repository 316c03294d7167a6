package main

import (
	"github.com/rmqalloc/rmqalloc/alloc"
)

// version is rmqalloc's version: the source of js/lib/tables.generated.js's
// VERSION (make generate); js/package.json must carry the same, and each
// version has one wire schema (internal/wireschema.Releases; both checked
// by internal/gentables's test).
const version = "0.2.0"

// strategyOptions: the spec fields each strategy reads besides its name.
var strategyOptions = map[string][]string{
	"CONFIG":              {"messageQueueList"},
	"MACHINE_ROOM":        {"consumeridcs"},
	"CONSISTENT_HASH":     {"virtualNodeCnt"},
	"MACHINE_ROOM_NEARBY": {"inner", "resolver"},
}

// profiles and their ops, as the conformance vectors name them.
var profiles = []struct {
	name string
	ops  []string
}{
	{"java-4.9.3", []string{"allocate", "selectHash", "selectRoundRobin", "selectLatency", "routeToQueues"}},
	{"java-5.3.3", []string{"allocate", "selectHash", "selectRoundRobin", "selectLatency", "routeToQueues"}},
	{"grpc-java", []string{"selectMessageGroup"}},
	{"grpc-nodejs-1.0.8", []string{"selectMessageGroup"}},
	{"go-client-2.1.2", []string{"allocate", "goRouteToPublish", "goSelect"}},
	{"golang-5.1.4", []string{"takeMessageQueues"}},
	{"golang-5.1.4-fixed", []string{"takeMessageQueues"}},
	{"broker-5.3.3", []string{"queryAssignment"}},
	{"broker-5.5.0", []string{"consistentHash", "liteTopicQueue"}},
}

func init() {
	// meta: → str version, str tablesHash, uvarint n × (str name, strings options),
	// uvarint n × (str profile, strings ops), str build ("core" or "full"),
	// uvarint n × (str profile, strings versions, u8 sort order) the clients
	// an allocate request names, by client byte (strategy.go).
	register(opMeta, func(_ *reader, w *writer) error {
		w.str(version)
		w.str(tablesHash)
		names := alloc.StrategyNames()
		w.uvarint(uint64(len(names)))
		for _, n := range names {
			w.str(n)
			writeStrings(w, strategyOptions[n])
		}
		w.uvarint(uint64(len(profiles)))
		for _, p := range profiles {
			w.str(p.name)
			writeStrings(w, p.ops)
		}
		w.str(build)
		w.uvarint(uint64(len(clients)))
		for _, c := range clients {
			w.str(c.profile)
			writeStrings(w, c.versions)
			w.u8(byte(c.order))
		}
		return nil
	})
}

func writeStrings(w *writer, ss []string) {
	w.uvarint(uint64(len(ss)))
	for _, s := range ss {
		w.str(s)
	}
}
