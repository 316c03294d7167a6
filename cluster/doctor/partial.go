package doctor

import (
	"slices"
	"strings"
)

// unread is what the read of the cluster could not see, and why: a
// queue it hides is unknown (with that reason), never unowned. A verdict
// counts only what was read.
type unread struct {
	progress string            // why no consumerProgress at all; "" = read, or not given
	noOffset bool              // consumerProgress answered 206: the brokers hold no offset
	conn     string            // why no connection list; "" = read
	brokers  map[string]string // broker name -> why its progress rows are missing
	members  map[string]string // client ID -> why it has no status (it did not answer)
	silent   []string          // the members whose own failure was printed (CODE 207, a timeout naming them)
	status   string            // why consumerStatus failed for no member in particular
	answered int               // members with a status file
}

// findUnread works out d.unread from the failures the input carries.
func (d *diagnosis) findUnread() {
	t, u := d.in, &d.unread
	u.brokers, u.members = map[string]string{}, map[string]string{}
	if len(t.connErrs) > 0 {
		u.conn = describeErrors(t.connErrs)
	}
	if t.prog == nil && len(t.progErrs) > 0 {
		all206 := true
		for _, e := range t.progErrs {
			all206 = all206 && e.noOffsets()
		}
		if all206 {
			u.noOffset = true
		} else {
			u.progress = describeErrors(t.progErrs)
		}
	}
	if t.prog != nil {
		names := d.brokerNames()
		for _, e := range t.progErrs {
			name := names[e.addr]
			if name == "" {
				name = e.addr
			}
			if name == "" {
				continue
			}
			why := "broker " + name
			if e.addr != "" && e.addr != name {
				why += " (" + e.addr + ")"
			}
			u.brokers[name] = why + ": " + e.String()
		}
	}
	for _, m := range d.g.members {
		if m.status != nil {
			u.answered++
		}
	}
	if len(t.status) == 0 && len(t.statusErrs) == 0 {
		return // no consumerStatus run: owners come from the progress alone
	}
	// A failure naming a member is that member's silence; one naming no
	// member (a broker that timed out for consumerStatus's own calls) is
	// the read's, said under READ_FAILED.
	var general []clusterError
	for _, e := range t.statusErrs {
		if t.offline && e.code == codeConsumerNotOnline {
			continue // the offline group's own answer, said by GROUP_OFFLINE: not a failed read
		}
		if !slices.ContainsFunc(d.g.members, func(m *member) bool { return strings.Contains(e.desc, m.cid) }) {
			general = append(general, e)
		}
	}
	if len(general) > 0 {
		u.status = describeErrors(general)
	}
	for _, m := range d.g.members {
		if m.status != nil {
			continue
		}
		why := ""
		for _, e := range t.statusErrs {
			if strings.Contains(e.desc, m.cid) {
				why = e.String()
				break
			}
		}
		if why != "" {
			u.silent = append(u.silent, m.cid)
		} else if u.status != "" {
			why = "consumerStatus failed (" + u.status + ")"
		}
		u.members[m.cid] = why
	}
}

// brokerNames maps every broker address the routes give to its name.
func (d *diagnosis) brokerNames() map[string]string {
	out := map[string]string{}
	for _, r := range d.in.routes {
		for _, b := range r.BrokerDatas {
			for _, a := range b.BrokerAddrs {
				out[a] = b.BrokerName
			}
		}
	}
	return out
}

// unresponsive: members the read could not ask (they did not answer, or
// no status file of theirs was given), sorted.
func (u *unread) unresponsive() []string {
	var out []string
	for c := range u.members {
		out = append(out, c)
	}
	slices.Sort(out)
	return out
}

// memberWhy is why a member's queues are unknown, for a queue's cause.
func (u *unread) memberWhy(cid string) string {
	w := u.members[cid]
	switch {
	case slices.Contains(u.silent, cid):
		return cid + " did not answer its running-info request: " + w
	case w != "":
		return "no status of " + cid + ": " + w
	}
	return "no consumerStatus file for " + cid
}

// fillUnread marks the queues the read could not see (owner nil, with
// the reason in st.unknownWhy), after the owners that were read are in.
// With status files: a queue no answering member holds may be held by a
// member that did not answer; consumerProgress's #Client IP names it when
// that member is the only one with that IP. With #Client IP alone: a queue
// of a broker that did not answer, or with no IP while members did not
// answer (mqadmin stops filling the column at the first silent client).
func (d *diagnosis) fillUnread(st *topicState) {
	u := &d.unread
	st.unknownWhy = make([]string, len(st.queues))
	if u.conn != "" {
		// No member list: an owner the status files name cannot be told
		// a member or not, nor any queue wrong; nothing is judged.
		for i := range st.actual {
			st.actual[i] = nil
			st.unknownWhy[i] = "the member list could not be read: consumerConnection failed (" + u.conn + ")"
		}
		return
	}
	switch d.mode {
	case modeCID:
		var silent []*member
		for _, m := range st.subs {
			if _, ok := u.members[m.cid]; ok {
				silent = append(silent, m)
			}
		}
		if len(silent) == 0 {
			return
		}
		for i, a := range st.actual {
			if len(a) > 0 {
				continue
			}
			if row := st.rowAt[i]; row != nil && validIP(row.ClientIP) {
				// Only an IP no other member has names its holder.
				var cands []*member
				for _, m := range st.subs {
					if ipOf(m.cid) == row.ClientIP {
						cands = append(cands, m)
					}
				}
				if len(cands) == 1 && slices.Contains(silent, cands[0]) {
					st.actual[i] = []string{cands[0].cid}
					continue
				}
			}
			st.actual[i] = nil
			st.unknownWhy[i] = d.silentWhy(silent, st.expected[i])
		}
	case modeIP:
		for i, q := range st.queues {
			row := st.rowAt[i]
			if why := u.brokers[q.BrokerName]; why != "" && row == nil {
				st.actual[i] = nil
				st.unknownWhy[i] = why
				continue
			}
			if len(u.members) > 0 && (row == nil || !validIP(row.ClientIP)) {
				var silent []*member
				for _, m := range st.subs {
					if _, ok := u.members[m.cid]; ok {
						silent = append(silent, m)
					}
				}
				st.actual[i] = nil
				st.unknownWhy[i] = d.silentWhy(silent, st.expected[i])
			}
		}
	}
}

// silentWhy is the cause of a queue nobody that answered holds: the
// silent member expected to hold it, else every silent member.
func (d *diagnosis) silentWhy(silent []*member, expected []string) string {
	for _, m := range silent {
		if slices.Contains(expected, m.cid) {
			return "owner not read: " + d.unread.memberWhy(m.cid)
		}
	}
	var names []string
	for _, m := range silent {
		names = append(names, m.cid)
	}
	return "owner not read: no answering member holds it, and " + strings.Join(names, ", ") + " did not answer (or has no consumerStatus file)"
}

func validIP(ip string) bool { return ip != "" && ip != "N/A" }

// unreadFindings lists, per topic, the queues the read could not see:
// READ_FAILED for a broker, CONSUMER_UNRESPONSIVE (STATUS_INCOMPLETE when
// no failure was printed) for members, with the queues each hides.
func (d *diagnosis) unreadFindings(st *topicState) {
	if d.unread.conn != "" {
		return // the group's READ_FAILED says it for every queue
	}
	byWhy := map[string][]int{}
	var order []string
	for i, w := range st.unknownWhy {
		if w == "" || w == popUnseenWhy {
			continue
		}
		if _, ok := byWhy[w]; !ok {
			order = append(order, w)
		}
		byWhy[w] = append(byWhy[w], i)
	}
	for _, w := range order {
		qs := byWhy[w]
		if b, ok := d.brokerOfWhy(w); ok {
			st.addFinding(CodeReadFailed, plural(len(qs), "queue", "queues")+" of "+b+" could not be read ("+w+"): "+pronounPossessive(len(qs))+" owner and lag are unknown, not counted in the verdict; run the doctor again once the broker answers", qs, nil)
			continue
		}
		var clients []string
		for _, m := range st.subs {
			if _, ok := d.unread.members[m.cid]; ok && strings.Contains(w, m.cid) {
				clients = append(clients, m.cid)
			}
		}
		code := CodeStatusIncomplete
		switch {
		case slices.ContainsFunc(clients, func(c string) bool { return slices.Contains(d.unread.silent, c) }):
			code = CodeConsumerUnresponsive
		case d.unread.status != "":
			code = CodeReadFailed
		}
		st.addFinding(code, plural(len(qs), "queue has", "queues have")+" an owner that could not be read ("+w+"): unknown, not counted in the verdict. A member that stops answering while the brokers still list it keeps its share from the others: if it stays so, look at its threads (jstack) and its log", qs, clients)
	}
}

// brokerOfWhy: w is a broker's reason (unread.brokers); b names it.
func (d *diagnosis) brokerOfWhy(w string) (string, bool) {
	for b, why := range d.unread.brokers {
		if why == w {
			return b, true
		}
	}
	return "", false
}

func pronounPossessive(n int) string {
	if n == 1 {
		return "its"
	}
	return "their"
}

// groupUnreadFindings are the group-wide failures: no connection list,
// no consumerProgress.
func (d *diagnosis) groupUnreadFindings(add func(Finding)) {
	u := &d.unread
	if u.conn != "" {
		add(leveled(Finding{Code: CodeReadFailed,
			Message: "consumerConnection failed (" + u.conn + "): the members are not known, so nothing can be judged; run the doctor again once the brokers answer"}))
	}
	if u.status != "" {
		add(leveled(Finding{Code: CodeReadFailed,
			Message: "consumerStatus failed (" + u.status + "): the members whose status is missing were not asked, their queues are unknown"}))
	}
	if u.progress != "" {
		msg := "consumerProgress failed (" + u.progress + "): no offsets or lag"
		if d.mode == modeCID {
			msg += "; the owners come from the consumerStatus files"
		}
		add(leveled(Finding{Code: CodeReadFailed, Message: msg}))
	}
	var names []string
	for b := range u.brokers {
		names = append(names, b)
	}
	slices.Sort(names)
	for _, b := range names {
		msg := "consumerProgress did not read " + u.brokers[b] + ": the offsets and lag of its queues are unknown"
		if d.mode == modeCID {
			msg += "; their owners come from the consumerStatus files"
		}
		add(leveled(Finding{Code: CodeReadFailed, Message: msg}))
	}
}

// queueCounts: how many queues the report covers, and how many are
// unknown.
func queueCounts(rep *Report) (total, unknown int) {
	for _, tr := range rep.Topics {
		for _, q := range tr.Queues {
			total++
			if q.Status == StatusUnknown {
				unknown++
			}
		}
	}
	return total, unknown
}

// topicSources says which reads that name a group's topics (the
// connection's subscription, the progress, the members' status) failed,
// when none of them was read; "" otherwise.
func (u *unread) topicSources() string {
	var why []string
	if u.conn != "" {
		why = append(why, "consumerConnection failed: "+u.conn)
	}
	if u.progress != "" {
		why = append(why, "consumerProgress failed: "+u.progress)
	}
	if u.status != "" && u.answered == 0 {
		why = append(why, "consumerStatus failed: "+u.status)
	}
	return strings.Join(why, "; ")
}
