// Package analysis explains what a consumer group's assignment does to its
// users: how even it is (StatsOf), what a membership or route change
// moves compared with the least any balanced assignment could move (Diff),
// how strategies behave over a sequence of changes (RunScenario), and which
// queues get two owners or none when consumers see different member lists,
// do not all subscribe, or mix Java and Go clients (Views, Subscription,
// Mixed), and every strategy side by side on one group: balance, movement
// and the double consumption it implies (Compare, the README's published
// tables).
//
// Plans are *alloc.Plan values (alloc.Rebalance, alloc.AllocateAll, or
// this package's scenarios and views). Queues are identified by position
// in a plan's Queues and members by position in its Members (alloc.Plan's
// MemberShare and Owners), so that large groups (20000 queues × 1000
// consumers) are analysed with arrays rather than maps. Other results are
// plain structs with exported fields and no functions, ready to be encoded
// for JavaScript.
//
// Strategies are alloc.Strategy values: the Java client's (package alloc)
// and the Go client's (package goclient); alloc.ClientOf tells them apart.
// Unless AsGiven (Options, RunOptions, alloc.RebalanceOptions), each is
// given the queues and client IDs sorted the way
// its own client sorts them in a rebalance (alloc.Client's sort orders;
// Java: UTF-16 order; Go: bytes).
package analysis
