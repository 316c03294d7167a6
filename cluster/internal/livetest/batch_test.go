//go:build live

package livetest

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// section is one group run by the shared LiveConsumer JVM: every scenario
// with its own group and topics, so they run side by side in one JVM start.
type section struct {
	group     string
	topics    []string
	pollMs    int // the clients' pollNameServerInterval; 0: the client default (30 s)
	consumers []consumer
}

const batchName = "live-batch"

var sections []*section

// batchStarted is when the shared JVM was launched.
var batchStarted time.Time

func sec(group string, topics []string, pollMs int, cs ...consumer) *section {
	s := &section{group: group, topics: topics, pollMs: pollMs, consumers: cs}
	sections = append(sections, s)
	return s
}

// startBatch launches one LiveConsumer JVM with every section.
func startBatch() error {
	args := []string{"-n", theKit.namesrv}
	for _, s := range sections {
		args = append(args, "-g", s.group, "-t", strings.Join(s.topics, ","), "-hold", theKit.holdPath(s.group))
		if s.pollMs > 0 {
			args = append(args, "-poll", strconv.Itoa(s.pollMs))
		}
		args = append(args, s.args()...)
	}
	batchStarted = time.Now()
	out, errs, err := theKit.clusterSh(30*time.Second, append([]string{"bgexec", batchName}, theKit.javaArgs("LiveConsumer", args...)...)...)
	if err != nil {
		return fmt.Errorf("%v\n%s%s", err, out, errs)
	}
	return nil
}

// args are the consumers' LiveConsumer arguments: -ip IP SPEC per consumer.
func (s *section) args() []string {
	var a []string
	for _, c := range s.consumers {
		spec := c.Inst
		if c.Strat != "" {
			spec += ":" + c.Strat
		}
		a = append(a, "-ip", c.ip(), spec)
	}
	return a
}

// liveGroup is the section as the checker sees it: every consumer simulated
// as a Java 4.9.3 client with its own strategy.
func (s *section) liveGroup(holds ...string) *liveGroup {
	g := &liveGroup{name: s.group, topics: s.topics, holds: append([]string{theKit.holdPath(s.group)}, holds...),
		members: map[string]member{}, lines: len(s.consumers), cids: len(s.consumers)}
	for _, c := range s.consumers {
		spec, err := specOf(c.Strat, s.topics[0])
		if err != nil {
			panic(err) // a typo in a scenario table
		}
		g.members[c.cid()] = member{profile: javaProfile, spec: spec}
	}
	return g
}

// batchConsumers counts the consumers of every section.
func batchConsumers() int {
	n := 0
	for _, s := range sections {
		n += len(s.consumers)
	}
	return n
}
