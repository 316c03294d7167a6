package live

import (
	"sort"
	"strconv"
	"strings"
)

// A broker that paused (a hung JVM, a long GC) keeps a client's old
// channels for up to ~2 minutes after it resumes, so its connection list
// names that client several times, from one IP, while the other brokers
// name it once: one process, not several sharing a client ID (those are
// listed several times by every broker). When the list read names a
// client ID more than once, the other brokers are asked for theirs, and
// IDs another broker lists once are counted once, with a warning.

// duplicateIDs are the client IDs c lists more than once, sorted.
func duplicateIDs(c *connection) []string {
	n := map[string]int{}
	for _, cn := range c.Conns {
		n[cn.ClientID]++
	}
	var out []string
	for id, k := range n {
		if k > 1 {
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return out
}

// askConnectionChecks asks every other broker that can be asked for its
// connection list, when the first list has duplicate IDs.
func (s *Session) askConnectionChecks(out []Request, from int) []Request {
	if len(duplicateIDs(s.conn)) == 0 {
		return out
	}
	for i, a := range s.brokers {
		if i != from && !s.dead[a] {
			out = s.ask(out, &pending{kind: askConnectionCheck, broker: i, addr: a}, codeGetConsumerConnectionList, map[string]string{"consumerGroup": s.o.Group}, "connections of "+s.o.Group)
		}
	}
	return out
}

// onConnectionCheck keeps another broker's list; a broker that does not
// give it only leaves the duplicates as they are.
func (s *Session) onConnectionCheck(p *pending, resp *Command, terr error) ([]Request, error) {
	if terr != nil {
		s.markDead(p.addr, terr)
		return nil, nil
	}
	if resp.Code != respSuccess {
		return nil, nil
	}
	c, err := decodeConnection(resp.Body)
	if err != nil {
		return nil, &Error{Kind: ErrProtocol, Addr: p.addr, Msg: err.Error()}
	}
	s.connChecks = append(s.connChecks, brokerConnections{addr: p.addr, conn: c})
	return nil, nil
}

type brokerConnections struct {
	addr string
	conn *connection
}

// settleStaleChannels counts once each duplicate ID of s.conn that another
// broker lists once (and all of whose entries share one IP), and warns.
func (s *Session) settleStaleChannels() {
	if s.conn == nil || len(s.connChecks) == 0 {
		return
	}
	defer func() { s.connChecks = nil }() // once: Snapshot may be asked again
	stale := map[string]string{}          // ID -> the broker listing it once
	for _, id := range duplicateIDs(s.conn) {
		if !oneIP(s.conn, id) {
			continue
		}
		for _, o := range s.connChecks {
			if k := countID(o.conn, id); k == 1 {
				stale[id] = o.addr
				break
			}
		}
	}
	if len(stale) == 0 {
		return
	}
	kept := make([]conn, 0, len(s.conn.Conns))
	seen := map[string]bool{}
	for _, cn := range s.conn.Conns {
		if _, ok := stale[cn.ClientID]; ok && seen[cn.ClientID] {
			continue
		}
		seen[cn.ClientID] = true
		kept = append(kept, cn)
	}
	for _, id := range sortedKeys(stale) {
		s.warn("broker " + s.brokers[s.connFrom] + " lists client " + id + " " + strconv.Itoa(countID(s.conn, id)) + " times from one IP, broker " + stale[id] + " once: stale channels of one process (a broker that paused keeps them up to ~2 minutes), counted once")
	}
	c := *s.conn
	c.Conns = kept
	s.conn = &c
}

func countID(c *connection, id string) int {
	k := 0
	for _, cn := range c.Conns {
		if cn.ClientID == id {
			k++
		}
	}
	return k
}

// oneIP: every entry of id in c comes from one IP (its clientAddr's host).
func oneIP(c *connection, id string) bool {
	ip := ""
	for _, cn := range c.Conns {
		if cn.ClientID != id {
			continue
		}
		host := cn.ClientAddr
		if i := strings.LastIndex(host, ":"); i >= 0 {
			host = host[:i]
		}
		if ip != "" && host != ip {
			return false
		}
		ip = host
	}
	return true
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
