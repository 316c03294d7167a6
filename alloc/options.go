package alloc

// ClientVersion selects which Java client's behaviour to reproduce where
// the versions differ; its zero value is Java493. Consumer allocation
// differs in one place only: MACHINE_ROOM's first check (see
// ByMachineRoom). Package producer uses the same type (producer.Version),
// where the versions differ much more.
type ClientVersion int

const (
	// Java493 is the classic Java client 4.9.3, the default.
	Java493 ClientVersion = iota
	// Java533 is the classic Java client 5.3.3.
	Java533
)

// String is the version number, "4.9.3" or "5.3.3" ("unknown" for any
// other value).
func (v ClientVersion) String() string {
	switch v {
	case Java493:
		return "4.9.3"
	case Java533:
		return "5.3.3"
	}
	return "unknown"
}

// ParseClientVersion reads "4.9.3" or "5.3.3" (an empty string gives the
// default, 4.9.3). Anything else is an IllegalArgumentException-class error
// naming the field "version".
func ParseClientVersion(s string) (ClientVersion, error) {
	switch s {
	case "", "4.9.3":
		return Java493, nil
	case "5.3.3", "5.3.4", "5.4.0", "5.5.0", "5.5.1":
		// 5.3.4-5.5.1: the allocation strategies, the rebalance sort, the
		// publish info, latency fault tolerance and the route conversion
		// show no change since 5.3.3 in the published sources (README,
		// "What is verified"), so they name the 5.3.3 behaviour.
		return Java533, nil
	}
	return Java493, illegalArgument("version", "unknown client version "+quote(s)+" (supported: 4.9.3, 5.3.3; 5.3.4, 5.4.0, 5.5.0, 5.5.1 as 5.3.3)")
}

// Option adjusts how a strategy is built.
type Option func(*options)

type options struct {
	version ClientVersion
}

// WithClientVersion selects the Java client version to reproduce (default
// Java493).
func WithClientVersion(v ClientVersion) Option {
	return func(o *options) { o.version = v }
}

func buildOptions(opts []Option) options {
	var o options
	for _, f := range opts {
		if f != nil {
			f(&o)
		}
	}
	return o
}
