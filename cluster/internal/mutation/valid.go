package mutation

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
)

// Why some damage yields another capture that can happen, not a
// contradiction: a changed verdict there is VALID-OTHER, the right answer
// for what the damaged text says. docs/doctor-limits.md gives the reasons.
const (
	// ReasonMemberMissing: a client line deleted from the connection list.
	// consumerConnection asks one broker (a random one of the %RETRY%
	// route, in 4.x mqadmin); a member that broker has dropped, or not yet
	// registered, is missing there while its status (asked through
	// another broker) and its queues remain.
	ReasonMemberMissing = "a member one broker does not list"
	// ReasonAnotherMoment: a file of the same group (it names no other
	// group) on the same brokers, from a capture taken at another moment.
	// Nothing in the texts dates one file against the others, and the
	// group's files are read by separate commands, seconds or minutes
	// apart.
	ReasonAnotherMoment = "the same group's file from another moment"
	// ReasonNoIdentity: status files renamed among clients that print no
	// identity (4.x: no clientIP/instanceName) and report one library and
	// version: the texts cannot tell which client each file is for.
	ReasonNoIdentity = "status files of clients the texts cannot tell apart"
	// ReasonNoOffsetYet: the only consumerProgress line of a topic on a
	// broker deleted. A broker lists a topic's queues only once the group
	// has committed an offset of it there: no line is a broker where the
	// group has none yet.
	ReasonNoOffsetYet = "a broker with no offset of the topic yet"
	// ReasonRouteChanged: a route from another capture that shares a
	// broker with the other files, and (the doctor checks it) gives the
	// brokers the progress lists their queue counts: the topic's route
	// at another moment, brokers added or removed. A route names no topic
	// or group, and members rebalance up to 20 s after a change: the
	// doctor reads it as members whose route is out of date.
	ReasonRouteChanged = "the topic's route before or after brokers were added or removed"
	// ReasonBrokersLeft: a status file of the same group from another
	// capture whose brokers are all outside the route: what a member shows
	// right after the brokers it held left the route (a crash, a rename),
	// until its next rebalance. The doctor reads it as queues of an older
	// route (QUEUE_NOT_IN_ROUTE).
	ReasonBrokersLeft = "a member's status right after the brokers it held left the route"
)

// onlyProgressRow: line i of a progress text is a queue line, and the only
// one of its topic on its broker.
func onlyProgressRow(ls []string, i int) bool {
	key := func(l string) (string, bool) {
		f := strings.Fields(l)
		if len(f) < 5 || strings.HasPrefix(f[0], "#") {
			return "", false
		}
		if _, err := strconv.Atoi(f[2]); err != nil {
			return "", false
		}
		return f[0] + " " + f[1], true
	}
	k, ok := key(ls[i])
	if !ok {
		return false
	}
	for j, l := range ls {
		if o, ok := key(l); ok && j != i && o == k {
			return false
		}
	}
	return true
}

// connectionRow: line i of a connection text is a client line (after the
// #ClientId header, before the first blank line).
func connectionRow(ls []string, i int) bool {
	h := slices.IndexFunc(ls, func(l string) bool { return strings.HasPrefix(strings.TrimSpace(l), "#ClientId") })
	if h < 0 || i <= h {
		return false
	}
	for _, l := range ls[h+1 : i+1] {
		if strings.TrimSpace(l) == "" {
			return false
		}
	}
	return true
}

var (
	groupRe  = regexp.MustCompile(`%RETRY%(\S+)|consumerGroup\s*:\s*(\S+)|group\[([^\]\s]+)\]`)
	brokerRe = regexp.MustCompile(`"brokerName"\s*:\s*"([^"]+)"`)
)

// names are the consumer groups and brokers a text names.
func names(text string) (groups, brokers []string) {
	add := func(s *[]string, v string) {
		if v != "" && !slices.Contains(*s, v) {
			*s = append(*s, v)
		}
	}
	for _, m := range groupRe.FindAllStringSubmatch(text, -1) {
		add(&groups, m[1]+m[2]+m[3])
	}
	for _, m := range brokerRe.FindAllStringSubmatch(text, -1) {
		add(&brokers, m[1])
	}
	// Progress and status rows: TOPIC BROKER QID ...
	for _, l := range strings.Split(text, "\n") {
		f := strings.Fields(l)
		// (a footer such as "Diff Total: 61536" is no row)
		if len(f) < 3 || !mqadmin.ValidName(f[0]) || !mqadmin.ValidName(f[1]) {
			continue
		}
		if _, err := strconv.Atoi(f[2]); err == nil {
			add(&brokers, f[1])
		}
	}
	return groups, brokers
}

// sameGroupOtherMoment: text, put in place of in's box replaced, names no
// group and no broker that in's other boxes do not name (a group: when
// they name one): as far as any of the files can tell, a file of their
// group taken at another moment (what the replaced box itself named is no
// evidence: it is gone).
func sameGroupOtherMoment(in doctor.Input, replaced, text string) bool {
	groups, brokers, _ := namedBesides(in, replaced)
	g, br := names(text)
	for _, x := range g {
		// When no other file names the group, none can say it is another.
		if len(groups) > 0 && !slices.Contains(groups, x) {
			return false
		}
	}
	for _, x := range br {
		if !slices.Contains(brokers, x) {
			return false
		}
	}
	return true
}

// indistinct: no status file prints clientIP and instanceName, and the
// connection gives every client the files are named after one language
// and version.
func indistinct(in doctor.Input) bool {
	kinds := map[string]bool{}
	for _, s := range in.Status {
		if strings.Contains(s.Text, "clientIP") && strings.Contains(s.Text, "instanceName") {
			return false
		}
		name := strings.TrimSuffix(s.Name, ".txt")
		for _, l := range strings.Split(in.Connection, "\n") {
			if f := strings.Fields(l); len(f) == 4 && f[0] == name {
				kinds[f[2]+" "+f[3]] = true
			}
		}
	}
	return len(kinds) <= 1
}

// routeOtherMoment: text, a route put in place of in's box replaced,
// names a broker in's other boxes name too.
func routeOtherMoment(in doctor.Input, replaced, text string) bool {
	_, brokers, _ := namedBesides(in, replaced)
	_, br := names(text)
	return slices.ContainsFunc(br, func(x string) bool { return slices.Contains(brokers, x) })
}

// statusOfLeftBrokers: text, a status put in place of in's box replaced,
// names no group in's other boxes do not (when they name one) and no
// broker of in's routes.
func statusOfLeftBrokers(in doctor.Input, replaced, text string) bool {
	groups, _, route := namedBesides(in, replaced)
	g, br := names(text)
	if len(groups) > 0 && slices.ContainsFunc(g, func(x string) bool { return !slices.Contains(groups, x) }) {
		return false
	}
	return len(br) > 0 && !slices.ContainsFunc(br, func(x string) bool { return slices.Contains(route, x) })
}

// namedBesides: the groups and brokers in's boxes other than replaced
// name, and of those brokers the ones its routes name.
func namedBesides(in doctor.Input, replaced string) (groups, brokers, route []string) {
	for _, b := range boxes(in) {
		if b.name == replaced {
			continue
		}
		g, br := names(b.get(&in))
		groups, brokers = append(groups, g...), append(brokers, br...)
		if kind(b.name) == kind("route[0]") {
			route = append(route, br...)
		}
	}
	return groups, brokers, route
}
