package alloc

// Client is a consumer client whose rebalance this library reproduces: it
// knows its name, how its rebalance sorts the queues and the client IDs of
// a group, and how it builds a strategy from a spec. JavaClient (this
// package) and goclient.Client implement it; package clients lists them
// and finds one by name.
//
// Clients are comparable values: c == Java533 tells which one c is.
type Client interface {
	// Name is the profile name the conformance vectors and the doctor use:
	// "java-4.9.3", "java-5.3.3", "go-client-2.1.2".
	Name() string
	// Language is the client's language as analysis labels it: "java" or
	// "go". Clients of one language sort alike.
	Language() string
	// SortQueues sorts qs in place as the client's rebalance does. Java's
	// sort can fail (see alloc.SortQueues); the list is then left as given.
	SortQueues(qs []MessageQueue) error
	// SortQueuePerm is the permutation that sorts qs: qs[perm[k]] is the
	// k-th queue in the client's order. qs is not modified.
	SortQueuePerm(qs []MessageQueue) ([]int32, error)
	// CompareClientIDs is the client's order of client IDs (-1, 0, +1).
	CompareClientIDs(a, b string) int
	// SortClientIDs sorts cids in place with CompareClientIDs.
	SortClientIDs(cids []string)
	// NewStrategy builds the strategy spec describes, as this client runs
	// it. Errors are *Error values whose Field names the spec member at
	// fault, prefixed "strategy.".
	NewStrategy(spec StrategySpec) (Strategy, error)
}

// JavaClient is the classic Java client; its zero value is Java493. The
// versions' consumer allocation differs in one place only, MACHINE_ROOM's
// first check (see ByMachineRoom); package producer takes a JavaClient too,
// where the versions differ much more.
type JavaClient uint8

const (
	// Java493 is the classic Java client 4.9.3, the default.
	Java493 JavaClient = iota
	// Java533 is the classic Java client 5.3.3 (5.3.4 to 5.5.1 read as it,
	// see package clients).
	Java533
)

// Name is "java-4.9.3" or "java-5.3.3" ("java-unknown" for any other value).
func (c JavaClient) Name() string {
	if int(c) < len(javaNames) {
		return javaNames[c]
	}
	return "java-unknown"
}

var javaNames = [...]string{"java-4.9.3", "java-5.3.3"}

// Version is the version number, "4.9.3" or "5.3.3" ("unknown" for any
// other value).
func (c JavaClient) Version() string { return c.Name()[len("java-"):] }

// Language is "java".
func (JavaClient) Language() string { return LanguageJava }

// SortQueues is the package's SortQueues (the JDK's sort).
func (JavaClient) SortQueues(qs []MessageQueue) error { return SortQueues(qs) }

// SortQueuePerm is the package's SortQueuePerm.
func (JavaClient) SortQueuePerm(qs []MessageQueue) ([]int32, error) { return SortQueuePerm(qs) }

// CompareClientIDs is Java's String.compareTo (UTF-16 code units).
func (JavaClient) CompareClientIDs(a, b string) int { return CompareStrings(a, b) }

// SortClientIDs is the package's SortClientIDs.
func (JavaClient) SortClientIDs(cids []string) { SortClientIDs(cids) }

// NewStrategy builds the strategy spec describes as this Java version runs
// it (the version selects MACHINE_ROOM's blank-ID rule, inner strategies
// included).
//
// Errors are *Error values whose Field names the spec member at fault,
// prefixed "strategy.": an unknown name (strategy.name,
// IllegalArgumentException), a missing inner strategy or resolver
// (strategy.inner, strategy.resolver; NullPointerException, as Java's
// constructor throws), a separator Java would read as a regular expression
// (strategy.resolver.sep, IllegalArgumentException), a negative
// virtualNodeCnt (strategy.virtualNodeCnt, IllegalArgumentException
// "illegal virtualNodeCnt :N"). Errors of an inner spec are prefixed
// "strategy.inner.".
//
// Example: Java533.NewStrategy(StrategySpec{Name: "AVG"}) is Averagely().
func (c JavaClient) NewStrategy(spec StrategySpec) (Strategy, error) {
	return NewStrategyFor(c, spec)
}

// Languages, as Client.Language names them.
const (
	LanguageJava = "java"
	LanguageGo   = "go"
)

// ClientOf is the client whose behaviour s reproduces: s's own Client when
// it has one (every goclient strategy; MACHINE_ROOM built for Java533),
// else Java493, the default (nil included: Java
// strategies that behave alike in every version answer Java493).
// Plan.Client records it.
//
// Example: ClientOf(Averagely()) is Java493; ClientOf(goclient.Averagely())
// is goclient.Client.
func ClientOf(s Strategy) Client {
	if c, ok := s.(interface{ Client() Client }); ok {
		return c.Client()
	}
	return Java493
}
