// Package clients lists the consumer clients the library reproduces and
// finds one by name: alloc.Java493, alloc.Java533 and goclient.Client, each
// an alloc.Client. It is the one place a name picks a client (the doctor,
// the conformance runner and the WebAssembly boundary all ask it); package
// alloc cannot, as goclient imports alloc.
package clients

import (
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
)

// All lists the clients, in this order: alloc.Java493, alloc.Java533,
// goclient.Client.
func All() []alloc.Client {
	return []alloc.Client{alloc.Java493, alloc.Java533, goclient.Client}
}

// Names lists the clients' names, in All's order: "java-4.9.3",
// "java-5.3.3", "go-client-2.1.2".
func Names() []string {
	all := All()
	names := make([]string, len(all))
	for i, c := range all {
		names[i] = c.Name()
	}
	return names
}

// javaAliases are the Java versions read as the 5.3.3 client: the
// allocation strategies, the rebalance sort, the publish info, latency
// fault tolerance and the route conversion show no change since 5.3.3 in
// the published sources (README, "What is verified").
var javaAliases = []string{"5.3.4", "5.4.0", "5.5.0", "5.5.1"}

// Parse finds a client by name, in any case: a Name ("java-4.9.3",
// "java-5.3.3", "go-client-2.1.2"), a bare Java version ("4.9.3", "5.3.3";
// "" is the default, 4.9.3), and Java 5.3.4, 5.4.0, 5.5.0 and 5.5.1, bare or
// "java-"-prefixed, as 5.3.3. Anything else is an
// IllegalArgumentException-class *alloc.Error naming the field "client".
//
// Example: Parse("5.5.1") is alloc.Java533; Parse("GO-CLIENT-2.1.2") is
// goclient.Client.
func Parse(name string) (alloc.Client, error) {
	s := strings.ToLower(strings.TrimSpace(name))
	if s == "" {
		return alloc.Java493, nil
	}
	for _, c := range All() {
		if s == c.Name() {
			return c, nil
		}
		if j, ok := c.(alloc.JavaClient); ok && s == j.Version() {
			return c, nil
		}
	}
	v := strings.TrimPrefix(s, "java-")
	for _, a := range javaAliases {
		if v == a {
			return alloc.Java533, nil
		}
	}
	return nil, &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.IllegalArgumentException, Field: "client",
		Msg: "unknown client " + quote(name) + " (known: " + strings.Join(Names(), ", ") + "; 4.9.3 and 5.3.3 as java-; 5.3.4, 5.4.0, 5.5.0, 5.5.1 as 5.3.3)"}
}

// ParseJava is Parse for a Java client only (package producer's): a
// go-client name is an error too.
func ParseJava(name string) (alloc.JavaClient, error) {
	c, err := Parse(name)
	if err != nil {
		return 0, err
	}
	j, ok := c.(alloc.JavaClient)
	if !ok {
		return 0, &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.IllegalArgumentException, Field: "client",
			Msg: quote(name) + " is not a Java client (known: " + alloc.Java493.Name() + ", " + alloc.Java533.Name() + ")"}
	}
	return j, nil
}

func quote(s string) string { return "\"" + s + "\"" }
