package doctor

import (
	"slices"
	"strconv"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// crossCheck reads the boxes against each other before anything is
// judged: each was read whole, but together they must describe one group
// of one cluster at one time. Files from two groups or two clusters, or a
// status file under another client's name, would otherwise be diagnosed
// as faults of the group (or as OK); a contradiction is an *alloc.TextError
// naming both places and what disagrees.
func crossCheck(t *texts) error {
	if err := checkSizes(t); err != nil {
		return err
	}
	if err := checkGroupNames(t); err != nil {
		return err
	}
	if err := checkBrokerSets(t); err != nil {
		return err
	}
	if err := checkStatusNames(t); err != nil {
		return err
	}
	if err := checkProgressClients(t); err != nil {
		return err
	}
	return checkStatusVersions(t)
}

// groupClaim is what one file says the consumer group is: a name, or
// several a file allows (a client may also subscribe another group's
// %RETRY% topic).
type groupClaim struct {
	names []string
	box   string
	line  int
	what  string // how the file names it, for messages
	cut   bool   // consumerProgress cut the topics to 64 characters: prefixes
}

// shares reports whether c and o allow one group name in common.
func (c groupClaim) shares(o groupClaim) bool {
	for _, a := range c.names {
		for _, b := range o.names {
			if a == b || c.cut && len(a) >= 64-len("%RETRY%") && strings.HasPrefix(b, a) || o.cut && len(b) >= 64-len("%RETRY%") && strings.HasPrefix(a, b) {
				return true
			}
		}
	}
	return false
}

func (c groupClaim) place() string {
	s := c.box
	if c.line > 0 {
		s += " line " + strconv.Itoa(c.line)
	}
	return s
}

// retryGroups are the groups of the %RETRY% topics among topics.
func retryGroups(topics []string) []string {
	var out []string
	for _, tp := range topics {
		if g, ok := strings.CutPrefix(tp, "%RETRY%"); ok && !slices.Contains(out, g) {
			out = append(out, g)
		}
	}
	return out
}

// groupClaims are what each file says the group is: the connection its
// %RETRY% subscriptions (or the group its CODE 206 "not online" answer
// names), a status file its consumerGroup property (else its %RETRY%
// subscriptions), consumerProgress its %RETRY% rows.
func groupClaims(t *texts) []groupClaim {
	var out []groupClaim
	var topics []string
	for _, s := range t.conn.Subscriptions {
		topics = append(topics, s.Topic)
	}
	if gs := retryGroups(topics); len(gs) > 0 {
		out = append(out, groupClaim{names: gs, box: "the connection", what: "its subscription %RETRY%" + strings.Join(gs, ", %RETRY%")})
	} else if t.offlineOf != "" {
		out = append(out, groupClaim{names: []string{t.offlineOf}, box: "the connection", what: "its CODE 206 answer: the consumer group[" + t.offlineOf + "] not online"})
	}
	for _, sf := range t.status {
		if g, ok := sf.info.Properties["consumerGroup"]; ok && g != "" {
			out = append(out, groupClaim{names: []string{g}, box: statusBox(sf), what: "its consumerGroup property"})
			continue
		}
		topics = topics[:0]
		for _, s := range sf.info.Subscriptions {
			topics = append(topics, s.Topic)
		}
		if gs := retryGroups(topics); len(gs) > 0 {
			out = append(out, groupClaim{names: gs, box: statusBox(sf), what: "its subscription %RETRY%" + strings.Join(gs, ", %RETRY%")})
		}
	}
	if t.prog != nil {
		c := groupClaim{box: "the progress", what: "its %RETRY% queues"}
		for _, r := range t.prog.Rows {
			if g, ok := strings.CutPrefix(r.Topic, "%RETRY%"); ok && !slices.Contains(c.names, g) {
				c.names = append(c.names, g)
				c.cut = c.cut || len(r.Topic) >= 64
				if c.line == 0 {
					c.line = r.Line
				}
			}
		}
		if len(c.names) > 0 {
			out = append(out, c)
		}
	}
	return out
}

func statusBox(sf statusFile) string {
	if sf.name != "" {
		return "status file " + quote(sf.name)
	}
	return sf.box
}

// boxOf is the input box a claim's place is in, as errors name it.
func boxOf(t *texts, c groupClaim) string {
	switch c.box {
	case "the connection":
		return "connection"
	case "the progress":
		return "progress"
	}
	for _, sf := range t.status {
		if statusBox(sf) == c.box {
			return sf.box
		}
	}
	return c.box
}

// checkGroupNames: every file is of the group the first one names (the
// connection, else the first status file, else the progress).
func checkGroupNames(t *texts) error {
	claims := groupClaims(t)
	if len(claims) < 2 {
		return nil
	}
	ref := claims[0]
	for _, c := range claims[1:] {
		if c.shares(ref) {
			continue
		}
		return &alloc.TextError{Source: boxOf(t, c), Line: c.line,
			Msg: "is of consumer group " + quote(strings.Join(c.names, "/")) + " (" + c.what + "), but " + ref.place() + " is of " + quote(strings.Join(ref.names, "/")) + " (" + ref.what + "): the files are from different groups; take every file from one group"}
	}
	return nil
}

// checkBrokerSets: the route's brokers and those consumerProgress and the
// status files name (outside %RETRY% topics, whose route is not given)
// have one at least in common. A broker may be missing on either side for
// a while (added or removed); none in common is a route of another
// cluster or of another group's topics.
func checkBrokerSets(t *texts) error {
	route := map[string]bool{}
	var names []string
	for _, r := range t.routes {
		for _, qd := range r.QueueDatas {
			if !route[qd.BrokerName] {
				route[qd.BrokerName] = true
				names = append(names, qd.BrokerName)
			}
		}
	}
	if len(route) == 0 {
		return nil
	}
	inRoute := func(b string, cut bool) bool {
		if route[b] {
			return true
		}
		for n := range route {
			if cut && strings.HasPrefix(n, b) {
				return true
			}
		}
		return false
	}
	check := func(box string, line int, brokers []string, cutAt int) error {
		if len(brokers) == 0 {
			return nil
		}
		for _, b := range brokers {
			if inRoute(b, cutAt > 0 && len(b) >= cutAt) {
				return nil
			}
		}
		slices.Sort(names)
		return &alloc.TextError{Source: box, Line: line, Msg: "names brokers " + strings.Join(brokers, ", ") + " and the route " + strings.Join(names, ", ") + ": no broker in common, so they are not of one cluster and topic; take the route of this group's topic from the same cluster"}
	}
	if t.prog != nil {
		var bs []string
		line := 0
		for _, r := range t.prog.Rows {
			if !strings.HasPrefix(r.Topic, "%RETRY%") && !slices.Contains(bs, r.BrokerName) {
				if line == 0 {
					line = r.Line
				}
				bs = append(bs, r.BrokerName)
			}
		}
		if err := check("progress", line, bs, 32); err != nil {
			return err
		}
	}
	// The status files together: right after a broker crashed (it left the
	// route at once), a member's status still lists the queues it held
	// there until its next rebalance, and may hold no other.
	var bs []string
	box, line := "", 0
	for _, sf := range t.status {
		for _, q := range sf.info.Queues {
			if !strings.HasPrefix(q.Topic, "%RETRY%") && !slices.Contains(bs, q.BrokerName) {
				if box == "" {
					box, line = sf.box, q.Line
				}
				bs = append(bs, q.BrokerName)
			}
		}
	}
	if err := check(box, line, bs, 0); err != nil {
		return err
	}
	return nil
}

// checkStatusNames: a status file named by a client ID is that client's
// (clientIP@instanceName[@unitName...], as the client builds its ID) where
// its properties print both (5.x clients do). A file under another
// client's name would be matched to the wrong member.
func checkStatusNames(t *texts) error {
	for _, sf := range t.status {
		ip, inst := sf.info.Properties["clientIP"], sf.info.Properties["instanceName"]
		name := strings.TrimSuffix(sf.name, ".txt")
		if name == "" || ip == "" || inst == "" || !strings.Contains(name, "@") {
			continue
		}
		built := ip + "@" + inst
		if name == built || strings.HasPrefix(name, built+"@") {
			continue
		}
		return &alloc.TextError{Source: sf.box, Msg: "the file is named " + quote(sf.name) + " but is the status of client " + built + " (its clientIP and instanceName properties): files renamed or mixed up; name each file by its client ID"}
	}
	return nil
}

// checkProgressClients: consumerProgress -s true fills #Client IP from the
// connection list it asks for itself (the IP part of each client ID), so
// when both name several clients, at least one IP is common to the
// progress and the connection list given. None in common is another
// group's or another moment's file: a whole membership does not change in
// the seconds between the two commands. One unknown IP alone is a member
// the broker asked for the list does not know (UNKNOWN_OWNER), not a mix.
func checkProgressClients(t *texts) error {
	if t.prog == nil || t.conn == nil || len(t.conn.Clients) < 2 {
		return nil
	}
	known := map[string]bool{}
	var ids []string
	for _, c := range t.conn.Clients {
		ip, _, _ := strings.Cut(c.ClientID, "@")
		known[ip] = true
		if host, _, ok := strings.Cut(c.ClientAddr, ":"); ok && !strings.Contains(c.ClientAddr, "[") {
			known[host] = true
		}
		ids = append(ids, c.ClientID)
	}
	var ips []string
	line := 0
	for _, r := range t.prog.Rows {
		if r.ClientIP == "" || r.ClientIP == "N/A" {
			continue
		}
		if known[r.ClientIP] {
			return nil
		}
		if !slices.Contains(ips, r.ClientIP) {
			ips = append(ips, r.ClientIP)
		}
		if line == 0 {
			line = r.Line
		}
	}
	if len(ips) < 2 {
		return nil
	}
	return &alloc.TextError{Source: "progress", Line: line, Msg: "#Client IP names " + strings.Join(ips, ", ") + ", none of them a client of the connection list (" + strings.Join(ids, ", ") + "): consumerProgress takes its IPs from the group's connections, so the two files are of different groups or moments (or the brokers see two disjoint sets of members); take them again together"}
}
