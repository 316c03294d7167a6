// Package doctor compares what a consumer group actually consumes with what
// its members' own allocate calls give, on the admin tool's real output
// (topicRoute, consumerConnection, consumerProgress and, when available,
// consumerStatus files), and says which queues are owned wrongly and why.
//
// Each member is simulated with its own strategy (from its consumerStatus
// allocateMessageQueueStrategy property, else Input.Strategy, default AVG;
// MACHINE_ROOM with the rooms worked out from the broker names: none when
// no broker name is ROOM@name, where it keeps nothing whatever the rooms,
// else the set of offered rooms that best reproduces the member's queues)
// and its own client (from the connection's Language and Version: JAVA
// V4_x is java-4.9.3, JAVA V5_x java-5.3.3, GO go-client-2.1.2, and so is
// a status whose PROP_CLIENT_VERSION is v2.x; any other language is
// simulated as Java and reported), over the broker's client ID
// list (duplicates kept) and the route's readable queues, each sorted the
// way that client sorts. The expected owners of a queue are every member
// whose own call returns it: with mixed strategies or clients that can be
// none or several.
//
// The actual owners come from the status files (client IDs; exact) or else
// from consumerProgress -s true (one IP per queue, compared with the IP
// part of the client IDs). Each queue then gets a status:
//
//	double-owned      two or more actual owners
//	ok                one actual owner, exactly the expected one
//	unexpected-owner  one actual owner, nobody expected
//	wrong-owner       one actual owner, somebody else expected
//	unowned           no actual owner, somebody expected
//	unassigned        no actual owner, nobody expected
//	unknown           no owner information at all (actual is null)
//
// Worked example (testdata/cluster/wrong-owner): two Java 4.9.3 clients,
// 36 readable queues, AVG; consumerProgress shows broker-a/1 consumed by
// 10.0.3.215 while 10.0.1.37@17962's own call returns it: broker-a/1 is
// wrong-owner, and so is broker-b/2 the other way round; every other queue
// is ok, and AVG on java-4.9.3 fits 34 of 36.
//
// Input holds the texts as pasted; a caller who read one with package
// mqadmin gives the result instead (RouteText.Route, Input.ParsedConnection,
// Input.ParsedProgress, StatusText.Info). Input the doctor cannot read is an
// *alloc.TextError whose Source is the box ("route[1]", "status[2]",
// "strategy", ...), the same type the parsers return.
//
// DiagnoseSeries (or Series, snapshot by snapshot) diagnoses several
// snapshots of one group and adds Report.Timeline: each queue's owners over
// time, members that joined or left, flapping queues, whether the rebalance
// has settled, and per queue a lag status over the window after LinkedIn
// Burrow's rules (OK, WARN, STALL, STOP, REWIND; evaluateLag), with the
// findings only time shows, such as CONSUMER_STUCK.
package doctor
