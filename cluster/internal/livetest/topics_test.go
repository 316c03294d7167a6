//go:build live

package livetest

import (
	"fmt"
	"sort"
	"strings"
	"time"
)

// queuesOn is a topic's queue count per broker name.
type queuesOn map[string]int

// topicDefs are every topic the scenarios use, created before any test runs
// by one LiveAdmin JVM (one mqadmin updateTopic per topic would cost a JVM
// start each).
var topicDefs = map[string]queuesOn{}

// topicDefs5 are the topics of kit5's 5.3.3 cluster.
var topicDefs5 = map[string]queuesOn{}

// topic registers a topic for creation and returns its name.
func topic(name string, q queuesOn) string { return define(topicDefs, name, q) }

// topic5 registers a topic of the 5.3.3 cluster.
func topic5(name string, q queuesOn) string { return define(topicDefs5, name, q) }

func define(defs map[string]queuesOn, name string, q queuesOn) string {
	if _, dup := defs[name]; dup {
		panic("topic defined twice: " + name)
	}
	defs[name] = q
	return name
}

// adminArg is LiveAdmin's TOPIC=ADDR:N+ADDR:N argument.
func adminArg(name string, q queuesOn) string {
	var parts []string
	for b, n := range q {
		parts = append(parts, fmt.Sprintf("%s:%d", brokerAddr[b], n))
	}
	sort.Strings(parts)
	return name + "=" + strings.Join(parts, "+")
}

func createTopics(namesrv string, defs map[string]queuesOn) error {
	if namesrv == "" || len(defs) == 0 {
		return nil
	}
	args := []string{"-n", namesrv}
	for name, q := range defs {
		args = append(args, adminArg(name, q))
	}
	// LiveAdmin's updates are idempotent: a run that failed (a timeout on a
	// loaded machine) is made again, at most thrice.
	for attempt := 1; ; attempt++ {
		out, errs, err := theKit.java(3*time.Minute, "LiveAdmin", args...)
		if err == nil {
			break
		}
		if attempt == 3 {
			return fmt.Errorf("%v\n%s%s", err, out, errs)
		}
		fmt.Printf("livetest: LiveAdmin failed (attempt %d): %v\n%s", attempt, err, errs)
	}
	// The brokers register a new topic with the name server at once; wait
	// until every route is there.
	deadline := time.Now().Add(60 * time.Second)
	for name, q := range defs {
		for {
			r, err := topicRoute(namesrv, name)
			if err == nil && r != nil && len(r.QueueDatas) == len(q) {
				break
			}
			if time.Now().After(deadline) {
				return fmt.Errorf("topic %s: no complete route after 60 s (err %v)", name, err)
			}
			time.Sleep(300 * time.Millisecond)
		}
	}
	return nil
}
