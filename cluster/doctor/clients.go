package doctor

import (
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/clients"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
)

// The client profiles, as Fit.Client and Input.Profile spell them: the
// Names of clients.All.
var (
	profileJava493 = alloc.Java493.Name()
	profileJava533 = alloc.Java533.Name()
	profileGo      = goclient.Client.Name()
)

// SimulatedStrategies lists the strategies the doctor can simulate without
// settings it cannot see (CONFIG's list, MACHINE_ROOM's rooms,
// MACHINE_ROOM_NEARBY's resolver): the registry's standalone kinds
// (alloc.StrategyKind.Standalone), a program's own registered ones
// included.
func SimulatedStrategies() []string {
	var out []string
	for _, k := range alloc.StrategyKinds() {
		if k.Standalone {
			out = append(out, k.Name)
		}
	}
	return out
}

// profileOf is the client a connection's Language and Version stand for;
// known is false for a language other than JAVA and GO (treated as Java).
func profileOf(language, version string) (profile string, known bool) {
	switch language {
	case "GO":
		return profileGo, true
	case "JAVA":
		return javaProfile(version), true
	}
	return javaProfile(version), false
}

// isGoClientVersion: a running info's PROP_CLIENT_VERSION as
// rocketmq-client-go 2.x prints it ("v2.1.1"; its connection line says GO
// and an MQVersion name such as V4_5_2).
func isGoClientVersion(v string) bool {
	return strings.HasPrefix(v, "v2.")
}

func javaProfile(version string) string {
	if strings.HasPrefix(version, "V5") {
		return profileJava533
	}
	return profileJava493
}

// strategyFromClass reads "org.apache...AllocateMessageQueueAveragely@1b2c3d"
// (consumerStatus's allocateMessageQueueStrategy) as "AVG": the simple
// class name is a registered kind's alias. An unknown class gives its
// simple name and false.
func strategyFromClass(v string) (string, bool) {
	v, _, _ = strings.Cut(strings.TrimSpace(v), "@")
	if k, ok := alloc.LookupStrategy(v); ok && v != k.Name {
		return k.Name, true // a plug-in's alias may be its full class name
	}
	if i := strings.LastIndexByte(v, '.'); i >= 0 {
		v = v[i+1:]
	}
	k, ok := alloc.LookupStrategy(v)
	if !ok || v == k.Name {
		return v, false
	}
	return k.Name, true
}

// normalizeStrategy reads Input.Strategy: a name (any case) or a class
// name; "" is AVG.
func normalizeStrategy(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "AVG", nil
	}
	name := strings.ToUpper(s)
	if n, ok := strategyFromClass(s); ok {
		name = n
	}
	for _, n := range SimulatedStrategies() {
		if n == name {
			return n, nil
		}
	}
	if k, ok := alloc.LookupStrategy(name); ok && k.Name == name {
		return "", &alloc.TextError{Source: "strategy", Msg: name + " needs settings the cluster's output does not show; the doctor simulates " + strings.Join(SimulatedStrategies(), ", ")}
	}
	return "", &alloc.TextError{Source: "strategy", Msg: "unknown strategy " + quote(s) + " (known: " + strings.Join(SimulatedStrategies(), ", ") + ")"}
}

func normalizeProfile(p string) (string, error) {
	p = strings.TrimSpace(p)
	if p == "" {
		return "", nil
	}
	for _, k := range clients.Names() {
		if strings.EqualFold(k, p) {
			return k, nil
		}
	}
	return "", &alloc.TextError{Source: "profile", Msg: "unknown client profile " + quote(p) + " (known: " + strings.Join(clients.Names(), ", ") + ")"}
}

// buildStrategy is the strategy name as profile's client runs it; rooms
// are MACHINE_ROOM's consumeridcs.
func buildStrategy(name, profile string, rooms []string) (alloc.Strategy, error) {
	c, err := clients.Parse(profile)
	if err != nil {
		return nil, err
	}
	return c.NewStrategy(alloc.StrategySpec{Name: name, ConsumerIDCs: rooms})
}

// ipOf is the IP part of a client ID, as consumerProgress prints it.
func ipOf(cid string) string {
	ip, _, _ := strings.Cut(cid, "@")
	return ip
}

// sortQueues sorts queues in Java's MessageQueue order (the JDK's sort).
// Queue ids read from a route are 0..n-1, which the JDK sorts without
// fault; for ids that make its comparison inconsistent (only from a
// hand-made progress text) the JDK throws and the list is left as read.
func sortQueues(qs []alloc.MessageQueue) {
	_ = alloc.SortQueues(qs)
}
