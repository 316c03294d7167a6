package candidate

import (
	"strconv"
	"sync"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// DefaultBalanceFactor is BOUNDED_LOAD's balance factor when built by
// name: no member holds more than 125% of the average (HAProxy's advice).
const DefaultBalanceFactor = 125

var registerOnce sync.Once

// Register adds this package's strategies to alloc's registry, so that a
// StrategySpec names them like the built-ins (any client builds them: none
// is in a client, every member runs the same code):
//
//	RENDEZVOUS     Rendezvous()
//	STICKY         Sticky()
//	BOUNDED_LOAD   BoundedLoad(virtualNodeCnt, DefaultBalanceFactor), virtualNodeCnt 10 by default
//
// They are standalone, so the doctor simulates them too once registered.
// Calling Register again does nothing. Not called by this package itself:
// a program opts in.
func Register() {
	registerOnce.Do(func() {
		for _, k := range kinds {
			if err := alloc.RegisterStrategy(k); err != nil {
				panic(err) // a name taken before Register: a program's own kind of the same name
			}
		}
	})
}

var kinds = []alloc.StrategyKind{
	{Name: "RENDEZVOUS", Standalone: true, Doc: "highest-random-weight hashing: each queue to the member of highest weight",
		New: func(alloc.StrategyBuild, alloc.StrategySpec) (alloc.Strategy, error) { return Rendezvous(), nil }},
	{Name: "STICKY", Standalone: true, Doc: "rendezvous preferences under exact balance quotas",
		New: func(alloc.StrategyBuild, alloc.StrategySpec) (alloc.Strategy, error) { return Sticky(), nil }},
	{Name: "BOUNDED_LOAD", Standalone: true, Doc: "consistent hashing with loads bounded to 125% of the average",
		Options: []alloc.StrategyOption{{Name: "virtualNodeCnt", Type: alloc.OptionInt, Doc: "ring points per member (default 10, at least 1)"}},
		New: func(b alloc.StrategyBuild, spec alloc.StrategySpec) (alloc.Strategy, error) {
			vn := alloc.DefaultVirtualNodeCnt
			if spec.VirtualNodeCnt != nil {
				vn = *spec.VirtualNodeCnt
			}
			if vn < 1 {
				return nil, paramErr(b.Field("virtualNodeCnt"), "must be at least 1, got "+strconv.Itoa(vn))
			}
			return BoundedLoad(vn, DefaultBalanceFactor), nil
		}},
}
