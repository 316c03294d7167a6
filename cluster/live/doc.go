// Package live reads a consumer group from a running RocketMQ cluster, for
// the doctor: it speaks the remoting protocol itself (frames: a 4-byte
// big-endian length, a header-length word whose high byte is the
// serialize type, a JSON header, a body) and makes the calls mqadmin's
// topicRoute, consumerConnection, consumerProgress -s true and
// consumerStatus make:
//
//	GET_ROUTEINFO_BY_TOPIC (105)        NameServer: %RETRY%GROUP (its brokers), then each topic
//	GET_CONSUMER_CONNECTION_LIST (203)  one broker: connections and subscription (206: none online)
//	GET_CONSUME_STATS (208)             every broker: offsets
//	GET_CONSUMER_RUNNING_INFO (307)     through a broker, per client (jstack off): what it holds
//
// The answers (fastjson text: bean keys in maps, bare Long keys) are
// turned into the texts mqadmin 4.9.3 prints (route.txt, connection.txt,
// progress.txt, status/<millis>/<clientId>), and the doctor reads those
// exactly as it reads saved files, so a live report is the one the saved
// folder gives. When the NameServer answers as RocketMQ 5.x, the status
// files are those of the 5.3.3 mqadmin (Pop Detail, User Consume Info).
//
// Session is the read with no I/O: it emits requests (address, frame) and
// takes answers, so the native Read (net.Conn, one connection a call,
// everything bounded by the context) and the JS CLI (node:net, the
// session inside the wasm module) run the same code. Read keeps no state:
// call it again for the next snapshot.
//
// What cannot be reproduced: mqadmin prints the connections in its
// HashSet's identity-hash order (here: the broker's order), and times in
// its JVM's zone (here: Options.Location).
package live
