package alloc

// ClientJava is the client of this package's strategies (ClientOf): the
// Java client, 4.9.3 or 5.3.3 as WithClientVersion chose.
const ClientJava = "java"

// Profiled is implemented by a Strategy that reproduces another client than
// Java's: Profile names that client as the conformance vectors do (package
// goclient's strategies answer "go-client-2.1.2").
type Profiled interface {
	Profile() string
}

// ClientOf is the client whose behaviour s reproduces: its Profile when it
// has one, else ClientJava (nil included). Plan.Client records it.
//
// Example: ClientOf(Averagely()) is "java"; ClientOf(goclient.Averagely())
// is "go-client-2.1.2".
func ClientOf(s Strategy) string {
	if p, ok := s.(Profiled); ok {
		return p.Profile()
	}
	return ClientJava
}
