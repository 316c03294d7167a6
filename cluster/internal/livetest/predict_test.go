//go:build live

package livetest

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/clients"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
)

var (
	javaProfile = alloc.Java493.Name()
	goProfile   = goclient.Client.Name()
)

// consumer is one consumer of a LiveConsumer section: its client IP, its
// instance name (client ID IP@Inst) and its strategy in the driver's syntax.
type consumer struct{ IP, Inst, Strat string }

func (c consumer) ip() string {
	if c.IP == "" {
		return "127.0.0.1"
	}
	return c.IP
}

func (c consumer) cid() string { return c.ip() + "@" + c.Inst }

// member is how rmqalloc simulates one client of a group.
type member struct {
	profile string
	spec    alloc.StrategySpec
}

// specOf reads LiveConsumer's strategy syntax (see LiveConsumer.java) into
// the spec rmqalloc simulates; topic is the section's first topic (CONFIG's).
func specOf(strat, topic string) (alloc.StrategySpec, error) {
	switch {
	case strat == "" || strat == "avg":
		return alloc.StrategySpec{Name: "AVG"}, nil
	case strat == "circle":
		return alloc.StrategySpec{Name: "AVG_BY_CIRCLE"}, nil
	case strat == "hash":
		return alloc.StrategySpec{Name: "CONSISTENT_HASH"}, nil
	case strings.HasPrefix(strat, "hash="):
		n, err := strconv.Atoi(strat[5:])
		return alloc.StrategySpec{Name: "CONSISTENT_HASH", VirtualNodeCnt: &n}, err
	case strings.HasPrefix(strat, "config="):
		var list []alloc.MessageQueue
		for _, q := range strings.Split(strat[7:], "+") {
			b, id, _ := strings.Cut(q, "/")
			n, err := strconv.Atoi(id)
			if err != nil {
				return alloc.StrategySpec{}, fmt.Errorf("config queue %q", q)
			}
			list = append(list, alloc.MessageQueue{Topic: topic, BrokerName: b, QueueID: int32(n)})
		}
		return alloc.StrategySpec{Name: "CONFIG", MessageQueueList: list, HasMessageQueueList: true}, nil
	case strings.HasPrefix(strat, "room="):
		return alloc.StrategySpec{Name: "MACHINE_ROOM", ConsumerIDCs: strings.Split(strat[5:], "+")}, nil
	case strings.HasPrefix(strat, "nearby-"):
		inner, err := specOf(strat[7:], topic)
		return alloc.StrategySpec{Name: "MACHINE_ROOM_NEARBY", Inner: &inner,
			Resolver: &alloc.SplitResolverSpec{Sep: "-", BrokerField: 1, ConsumerField: 1}}, err
	}
	return alloc.StrategySpec{}, fmt.Errorf("unknown strategy %q", strat)
}

// view is what a group's members see: every topic's queues (the retry topic
// too once it exists) and the broker's client ID list.
type view struct {
	topics map[string][]alloc.MessageQueue
	cids   []string
}

// observe reads the live view of a group over its topics and %RETRY%group;
// reason says why it is not complete yet.
func observe(group string, topics []string, withRetry bool) (v view, reason string) {
	return observeOn(theKit.namesrv, group, topics, withRetry)
}

// observeOn is observe on the cluster of a name server.
func observeOn(namesrv, group string, topics []string, withRetry bool) (v view, reason string) {
	v.topics = map[string][]alloc.MessageQueue{}
	all := topics
	if withRetry {
		all = append(append([]string{}, topics...), "%RETRY%"+group)
	}
	for _, t := range all {
		r, err := topicRoute(namesrv, t)
		if err != nil || r == nil {
			return v, fmt.Sprintf("no route for %s yet (%v)", t, err)
		}
		qs, err := r.SubscribeQueues(t)
		if err != nil {
			return v, fmt.Sprintf("route %s: %v", t, err)
		}
		v.topics[t] = qs
	}
	first := v.topics[topics[0]]
	if len(first) == 0 {
		return v, "topic " + topics[0] + " has no queues"
	}
	cids, err := consumerIDs(brokerAddr[first[0].BrokerName], group)
	if err != nil {
		return v, err.Error()
	}
	v.cids = cids
	return v, ""
}

// expect is every member's predicted holding: the union over the topics of
// its own allocate call, each client sorting queues and client IDs its own
// way, as its rebalance does.
func expect(group string, v view, members map[string]member) (map[string][]string, error) {
	want := map[string][]string{}
	for cid, m := range members {
		c, err := clients.Parse(m.profile)
		if err != nil {
			return nil, err
		}
		s, err := c.NewStrategy(m.spec)
		if err != nil {
			return nil, err
		}
		set := map[string]bool{}
		for _, qs := range v.topics {
			mqs := append([]alloc.MessageQueue{}, qs...)
			cids := append([]string{}, v.cids...)
			if err := c.SortQueues(mqs); err != nil {
				return nil, err
			}
			c.SortClientIDs(cids)
			plan, err := alloc.AllocateAll(s, group, mqs, cids)
			if err != nil { // the real rebalance logs it and takes nothing
				continue
			}
			for _, q := range plan.Of(cid) {
				set[q.BrokerName+"/"+q.Topic+"/"+strconv.Itoa(int(q.QueueID))] = true
			}
		}
		want[cid] = keys(set)
	}
	return want, nil
}

func keys(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// liveGroup is a group whose consumers write hold files.
type liveGroup struct {
	name    string
	topics  []string
	holds   []string          // hold files of its JVMs
	members map[string]member // by client ID
	lines   int               // hold lines expected (members with a hold file)
	cids    int               // client IDs the broker should list (duplicates count)
	noRetry bool              // compare the main topics only
	namesrv string            // its cluster's name server; "": the 4.9.3 one
}

// check compares what the consumers hold with the prediction over the live view.
func (g *liveGroup) check() (bool, string) {
	ns := g.namesrv
	if ns == "" {
		ns = theKit.namesrv
	}
	v, reason := observeOn(ns, g.name, g.topics, !g.noRetry)
	if reason != "" {
		return false, reason
	}
	if len(v.cids) != g.cids {
		return false, fmt.Sprintf("the broker lists %d client IDs %q, want %d", len(v.cids), v.cids, g.cids)
	}
	want, err := expect(g.name, v, g.members)
	if err != nil {
		return false, "prediction: " + err.Error()
	}
	lines, err := readHolds(g.holds...)
	if err != nil {
		return false, err.Error()
	}
	if len(lines) != g.lines {
		return false, fmt.Sprintf("%d hold lines, want %d", len(lines), g.lines)
	}
	var diffs, summary []string
	for _, l := range lines {
		if l.Routes != nil {
			for t, qs := range v.topics {
				if l.Routes[t] != len(qs) {
					diffs = append(diffs, fmt.Sprintf("%s knows %d queues of %s, the route has %d", l.ClientID, l.Routes[t], t, len(qs)))
				}
			}
		}
		got := l.Held
		if g.noRetry {
			got = mainOnly(got)
		}
		w, ok := want[l.ClientID]
		if !ok {
			diffs = append(diffs, fmt.Sprintf("%s holds %v but is not a member", l.ClientID, got))
			continue
		}
		if strings.Join(got, " ") != strings.Join(w, " ") {
			diffs = append(diffs, fmt.Sprintf("%s (%s) holds %v, rmqalloc predicts %v", l.ClientID, l.Strategy, got, w))
		}
		summary = append(summary, fmt.Sprintf("%s (%s) holds %v", l.ClientID, l.Strategy, got))
	}
	if len(diffs) == 0 {
		return true, strings.Join(summary, "\n")
	}
	return false, strings.Join(diffs, "\n")
}

func mainOnly(held []string) []string {
	var out []string
	for _, h := range held {
		if !strings.Contains(h, "/%RETRY%") {
			out = append(out, h)
		}
	}
	return out
}
