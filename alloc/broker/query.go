package broker

import (
	"github.com/rmqalloc/rmqalloc/alloc"
)

// AllQueues is the queue id that stands for "every queue of this broker".
const AllQueues = -1

// Request is what the broker knows when a client asks QUERY_ASSIGNMENT.
type Request struct {
	Topic         string
	ConsumerGroup string
	MessageModel  MessageModel
	// StrategyName is the client's strategy name; the broker runs only
	// "AVG" and "AVG_BY_CIRCLE".
	StrategyName string
	Broker       BrokerConfig
	// Configured is what `mqadmin setConsumeMode` set for (topic, group);
	// nil: nothing.
	Configured *ModeSetting
	// MqAll is the topic's subscribe set, in any order (duplicates count
	// once: the broker holds a set); nil: the broker knows no route.
	MqAll []alloc.MessageQueue
	// CidAll is the group's client IDs as the broker lists them
	// (duplicates kept); nil: the group is unknown to the broker.
	CidAll []string
}

// Assignment is the broker's answer to one client.
type Assignment struct {
	// Mode is the mode the answer carries, also when Queues is nil.
	Mode Mode
	// Queues is the assigned set, sorted like MessageQueue.compareTo; a
	// queue id of AllQueues means every queue of that broker. nil: no
	// assignment (the client keeps the queues it had); empty: none.
	Queues []alloc.MessageQueue
	// Reason says in a few words which rule produced the answer.
	Reason string
	// Err is the exception the broker caught (and logged) when it answered
	// no assignment because of one; nil otherwise.
	Err error
}

// QueryAssignment is the broker's answer to clientID, as 5.3.3's
// QueryAssignmentProcessor computes it. The rules, in order:
//
//   - the mode comes from ResolveMode;
//   - BROADCASTING: the whole subscribe set (nil when there is no route);
//   - no route (MqAll nil): nil;
//   - ServerLoadBalancerEnable false: the whole subscribe set;
//   - unknown group (CidAll nil): nil;
//   - a strategy other than AVG and AVG_BY_CIRCLE: nil;
//   - PULL: the strategy's own allocation over the sorted queues and IDs;
//   - POP: see allocate4Pop (share rules);
//   - any exception (a strategy's IllegalArgumentException, ...): nil.
//
// Example: 6 queues a/0..a/5, clients [c2 c1], AVG, PULL gives c1
// [a/0 a/1 a/2] (c1 sorts first), c2 [a/3 a/4 a/5], c9 [] (not a member).
func QueryAssignment(req Request, clientID string) Assignment {
	return prepare(req).answer(clientID)
}

// QueryAssignments answers each of clientIDs, sorting the inputs once.
func QueryAssignments(req Request, clientIDs []string) []Assignment {
	p := prepare(req)
	out := make([]Assignment, len(clientIDs))
	for i, id := range clientIDs {
		out[i] = p.answer(id)
	}
	return out
}

// prepared is a request with everything that does not depend on the
// asking client done: the mode, the sorted sets, the strategy, or a
// group-wide answer.
type prepared struct {
	req      Request
	mode     ModeSetting
	mqAll    []alloc.MessageQueue // the subscribe set, sorted
	cidAll   []string             // sorted copy
	strategy alloc.Strategy
	whole    *Assignment // an answer that is the same for every client
}

// Reasons of the answers.
const (
	reasonBroadcast   = "BROADCASTING: every consumer gets the whole subscribe set"
	reasonNoRoute     = "no route: the broker knows no subscribe set for the topic"
	reasonLBOff       = "serverLoadBalancerEnable=false: every consumer gets the whole subscribe set"
	reasonUnknown     = "unknown group: the broker lists no client of it"
	reasonNoStrategy  = "the broker runs only AVG and AVG_BY_CIRCLE, not "
	reasonSortFailed  = "sorting the queues failed: "
	reasonException   = "the broker caught "
	reasonPull        = "PULL: the strategy's own allocation, as the client would compute it"
	reasonPopAll      = "POP: every consumer pops from all queues of every broker"
	reasonPopShare    = "POP: the consumer's own allocation plus those of the next popShareQueueNum consumers"
	reasonPopOneQueue = "POP, more consumers than queues: queue (position % queues)"
)

func prepare(req Request) *prepared {
	p := &prepared{req: req, mode: ResolveMode(req.Topic, req.Configured, req.Broker)}
	set := func(reason string) {
		qs, err := asSet(req.MqAll)
		if err != nil {
			p.whole = &Assignment{Mode: p.mode.Mode, Reason: reasonSortFailed + err.Error(), Err: err}
			return
		}
		p.whole = &Assignment{Mode: p.mode.Mode, Queues: qs, Reason: reason}
	}
	none := func(reason string) { p.whole = &Assignment{Mode: p.mode.Mode, Reason: reason} }
	switch {
	case req.MessageModel == Broadcasting && req.MqAll == nil:
		none(reasonNoRoute)
	case req.MessageModel == Broadcasting:
		set(reasonBroadcast)
	case req.MqAll == nil:
		none(reasonNoRoute)
	case !req.Broker.ServerLoadBalancerEnable:
		set(reasonLBOff)
	case req.CidAll == nil:
		none(reasonUnknown)
	}
	if p.whole != nil {
		return p
	}
	mqAll, err := asSet(req.MqAll)
	if err != nil {
		// Java sorts outside its try block: the request fails, and the
		// client keeps its queues just as for a null answer.
		none(reasonSortFailed + err.Error())
		p.whole.Err = err
		return p
	}
	p.mqAll = mqAll
	p.cidAll = alloc.SortedClientIDs(req.CidAll)
	p.strategy = strategyNamed(req.StrategyName)
	if p.strategy == nil {
		none(reasonNoStrategy + quoteName(req.StrategyName))
	}
	return p
}

func (p *prepared) answer(clientID string) Assignment {
	if p.whole != nil {
		a := *p.whole
		a.Queues = cloneKeepNil(a.Queues)
		return a
	}
	var qs []alloc.MessageQueue
	var reason string
	var err error
	if p.mode.Mode == Pop {
		qs, reason, err = allocate4Pop(p.strategy, p.req.ConsumerGroup, clientID, p.mqAll, p.cidAll, p.mode.PopShareQueueNum)
	} else {
		reason = reasonPull
		qs, err = p.strategy.Allocate(p.req.ConsumerGroup, clientID, p.mqAll, p.cidAll)
	}
	if err == nil {
		qs, err = asSet(qs)
	}
	if err != nil {
		return Assignment{Mode: p.mode.Mode, Reason: reasonException + javaName(err) + ": " + err.Error(), Err: err}
	}
	return Assignment{Mode: p.mode.Mode, Queues: qs, Reason: reason}
}

// strategyNamed is the broker's name2LoadStrategy lookup: only these two
// strategies are registered, by their getName().
func strategyNamed(name string) alloc.Strategy {
	for _, s := range []alloc.Strategy{alloc.Averagely(), alloc.ByCircle()} {
		if s.Name() == name {
			return s
		}
	}
	return nil
}

func quoteName(name string) string {
	if name == "" {
		return `"" (no name)`
	}
	return `"` + name + `"`
}

func javaName(err error) string {
	if c := alloc.JavaClassOf(err); c != "" {
		return c
	}
	return "an exception"
}

func cloneKeepNil(qs []alloc.MessageQueue) []alloc.MessageQueue {
	if qs == nil {
		return nil
	}
	return append([]alloc.MessageQueue{}, qs...)
}
