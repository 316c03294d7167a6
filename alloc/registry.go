package alloc

// StrategyKind is one strategy of the registry, everything known about it
// by name: the Go names list (StrategyNames), NewStrategy, the "known: …"
// errors, the wasm module's meta, and, through `make generate`, the JS
// package's tables, TypeScript unions, CLI help and menus are all read
// from the registry.
//
// The built-in kinds are in builtin_strategies.go. A program adds its own
// with RegisterStrategy, then names it in a StrategySpec like any other:
// Java493.NewStrategy, goclient.Client.NewStrategy and the doctor's
// Input.Strategy find it. A strategy value needs no registration to run in
// Rebalance or AllocateAll; registering gives it a name.
type StrategyKind struct {
	// Name is Java's getName() and StrategySpec.Name, e.g. "AVG".
	Name string
	// Aliases are other names a spec or a tool's output may give it: the
	// Java class's simple name consumerStatus prints, e.g.
	// "AllocateMessageQueueAveragely". Matched exactly.
	Aliases []string
	// Doc is one line for menus, help and generated docs.
	Doc string
	// Options are the StrategySpec fields it reads besides Name, in the
	// order meta lists them.
	Options []StrategyOption
	// Standalone: it needs no setting beyond its defaults, so it can be
	// simulated from a cluster's output (the doctor, the CLI's plan) and
	// offered as MACHINE_ROOM_NEARBY's inner strategy in the menus.
	Standalone bool
	// New builds it. A client may have its own version of a kind
	// (goclient has one of each Java strategy: see StrategyVariants); New
	// serves every client that has none.
	New StrategyConstructor
}

// StrategyConstructor builds a strategy from spec for b.Client. Errors
// are *Error values naming their field with b.Field.
type StrategyConstructor func(b StrategyBuild, spec StrategySpec) (Strategy, error)

// StrategyOption is one spec field a strategy reads.
type StrategyOption struct {
	// Name is the field as JSON and JS spell it: "virtualNodeCnt".
	Name string
	// Type is its shape in JS (and in the TypeScript unions).
	Type OptionType
	// Required: the JS shape must have it. Go reports a missing one from
	// the constructor, in the Java client's words.
	Required bool
	// Doc is one line about it.
	Doc string
}

// OptionType is the shape of a StrategyOption.
type OptionType string

// The shapes StrategySpec can carry.
const (
	OptionQueues   OptionType = "queues"   // MessageQueueList: a queue list, null allowed
	OptionStrings  OptionType = "strings"  // ConsumerIDCs
	OptionInt      OptionType = "int"      // VirtualNodeCnt: an int32
	OptionStrategy OptionType = "strategy" // Inner: a nested StrategySpec
	OptionResolver OptionType = "resolver" // Resolver: a SplitResolverSpec
)

// StrategyVariants is implemented by a Client that has its own version of
// some registered kinds (goclient.Client: the Go client's AVG, CONFIG, …):
// Variant returns its constructor for the kind's name, or nil to use the
// kind's New.
type StrategyVariants interface {
	StrategyVariant(name string) StrategyConstructor
}

// StrategyBuild is what a constructor gets besides the spec: the client it
// builds for, and where the spec sits, so that errors name their field and
// nested specs are built alike.
type StrategyBuild struct {
	// Client is the client the strategy is built for.
	Client Client
	// Path names the spec: "strategy", or "strategy.inner" for a nested one.
	Path  string
	depth int
}

// Field names one of the spec's fields in an error: "strategy.inner".
func (b StrategyBuild) Field(name string) string { return b.Path + "." + name }

// Java is the Java client the strategy is built for: b.Client when it is
// one, else Java493 (a client with no variant of a Java strategy runs
// Java's).
func (b StrategyBuild) Java() JavaClient {
	if c, ok := b.Client.(JavaClient); ok {
		return c
	}
	return Java493
}

// Inner builds a nested spec (field of this one) for the same client.
func (b StrategyBuild) Inner(spec *StrategySpec, field string) (Strategy, error) {
	return buildSpec(spec, StrategyBuild{Client: b.Client, Path: b.Field(field), depth: b.depth + 1})
}

// registry holds the kinds in registration order: the built-ins first, in
// the order the menus offer them.
var registry struct {
	registryLock // a sync.RWMutex; nothing in the single-threaded wasm module
	kinds        []*StrategyKind
	byName       map[string]*StrategyKind // names and aliases
}

// RegisterStrategy adds k to the registry. Its name and aliases must be new
// (among names and aliases both) and it must have a New; the error says
// which is not. Safe for concurrent use; strategies registered are never
// removed.
func RegisterStrategy(k StrategyKind) error {
	if k.Name == "" || k.New == nil {
		return illegalArgument("kind", "a strategy kind needs a Name and a New")
	}
	registry.Lock()
	defer registry.Unlock()
	names := append([]string{k.Name}, k.Aliases...)
	for i, n := range names {
		if n == "" || registry.byName[n] != nil || indexOf(names[:i], n) >= 0 {
			return illegalArgument("kind.Name", "strategy name "+quote(n)+" is empty or taken")
		}
	}
	k.Aliases = append([]string(nil), k.Aliases...)
	k.Options = append([]StrategyOption(nil), k.Options...)
	register(k)
	return nil
}

// register adds k, checked already, to the registry (locked).
func register(k StrategyKind) {
	if registry.byName == nil {
		registry.byName = map[string]*StrategyKind{}
	}
	kp := &k
	registry.byName[k.Name] = kp
	for _, a := range k.Aliases {
		registry.byName[a] = kp
	}
	registry.kinds = append(registry.kinds, kp)
}

func indexOf(names []string, n string) int {
	for i, m := range names {
		if m == n {
			return i
		}
	}
	return -1
}

// LookupStrategy finds a registered kind by its name or an alias.
func LookupStrategy(name string) (StrategyKind, bool) {
	k := lookupKind(name)
	if k == nil {
		return StrategyKind{}, false
	}
	return *k, true
}

func lookupKind(name string) *StrategyKind {
	registry.RLock()
	defer registry.RUnlock()
	return registry.byName[name]
}

// StrategyKinds lists the registered kinds in registration order, the
// built-ins first.
func StrategyKinds() []StrategyKind {
	registry.RLock()
	defer registry.RUnlock()
	out := make([]StrategyKind, len(registry.kinds))
	for i, k := range registry.kinds {
		out[i] = *k
	}
	return out
}

// StrategyNames lists the names NewStrategy accepts in StrategySpec.Name,
// in registration order. A built MACHINE_ROOM_NEARBY strategy reports
// "MACHINE_ROOM_NEARBY-" plus its inner strategy's name.
func StrategyNames() []string {
	registry.RLock()
	defer registry.RUnlock()
	out := make([]string, len(registry.kinds))
	for i, k := range registry.kinds {
		out[i] = k.Name
	}
	return out
}

// OptionNames lists k's option names (nil when it has none).
func (k StrategyKind) OptionNames() []string {
	var out []string
	for _, o := range k.Options {
		out = append(out, o.Name)
	}
	return out
}

// NewStrategyFor builds spec for client c: the Client.NewStrategy of every
// client in this module. The kind is found by name or alias; c's own
// variant of it (StrategyVariants) is used when c has one.
func NewStrategyFor(c Client, spec StrategySpec) (Strategy, error) {
	return buildSpec(&spec, StrategyBuild{Client: c, Path: "strategy"})
}

// MaxSpecDepth bounds MACHINE_ROOM_NEARBY nesting in a spec: deeper specs
// are an IllegalArgumentException naming the field. The one limit on the Go
// side (the wasm boundary reads one level more, so this error is reported).
const MaxSpecDepth = 16

func buildSpec(spec *StrategySpec, b StrategyBuild) (Strategy, error) {
	if b.depth > MaxSpecDepth {
		return nil, limit(b.Path, "strategies nested deeper than "+itoa(MaxSpecDepth)+" (this port's limit)")
	}
	k := lookupKind(spec.Name)
	if k == nil {
		known := ""
		for i, n := range StrategyNames() {
			if i > 0 {
				known += ", "
			}
			known += n
		}
		return nil, illegalArgument(b.Field("name"), "unknown strategy "+quote(spec.Name)+" (known: "+known+")")
	}
	build := k.New
	if v, ok := b.Client.(StrategyVariants); ok {
		if f := v.StrategyVariant(k.Name); f != nil {
			build = f
		}
	}
	return build(b, *spec)
}
