package goclient

import "github.com/rmqalloc/rmqalloc/alloc"

// Profiles of the Java client that NewStrategyFor knows besides this one.
const (
	ProfileJava493 = "java-4.9.3"
	ProfileJava533 = "java-5.3.3"
)

// NewStrategyFor builds spec as the named client runs it: this package's
// emulation for Profile (go-client-2.1.2), Java 5.3.3's for
// ProfileJava533, and Java 4.9.3's for any other profile. It is the one
// place a profile name picks an implementation (the doctor and the
// WebAssembly boundary both ask it).
//
// Example: NewStrategyFor(Profile, alloc.StrategySpec{Name: "AVG"}) is
// this package's Averagely().
func NewStrategyFor(profile string, spec alloc.StrategySpec) (alloc.Strategy, error) {
	switch profile {
	case Profile:
		return NewStrategy(spec)
	case ProfileJava533:
		return alloc.NewStrategy(spec, alloc.WithClientVersion(alloc.Java533))
	}
	return alloc.NewStrategy(spec, alloc.WithClientVersion(alloc.Java493))
}
