package doctor

import (
	"slices"
	"strconv"
	"strings"
)

// maxListed bounds the queues one finding lists.
const maxListed = 100

// groupFindings are the findings about the group as a whole.
func (d *diagnosis) groupFindings() []Finding {
	g := d.g
	out := []Finding{}
	add := func(f Finding) { out = append(out, f) }
	d.groupUnreadFindings(add)
	if len(g.members) == 0 && d.unread.conn == "" {
		why := "the connection list has no client"
		if d.in.offline {
			why = "consumerConnection answers that the group is not online (CODE 206)"
		}
		add(leveled(Finding{Code: CodeGroupOffline,
			Message: why + ": no consumer of the group is online (or the output is for another group), so nobody consumes its queues; the queues and lag shown come from consumerProgress. Start the group's consumers, and check they reach this name server",
			lag:     d.totalLag()}))
	}
	for _, m := range g.members {
		if len(m.conns) > 1 {
			var addrs []string
			for _, c := range m.conns {
				addrs = append(addrs, c.ClientAddr)
			}
			add(leveled(Finding{Code: CodeDuplicateClientID, Clients: []string{m.cid},
				Message: "client ID " + m.cid + " is used by " + itoa(len(m.conns)) + " connections (" + strings.Join(addrs, ", ") + "): the broker lists it " + itoa(len(m.conns)) + " times, every process with that ID takes the same share, so each of them processes its messages, and another share is consumed by nobody. Give each consumer a unique instanceName (or make sure containers do not share IP and PID)" + staleChannelsHint(m.conns)}))
		}
	}
	d.languageFindings(add)
	d.strategyFindings(add)
	if d.in.progFailed {
		add(leveled(Finding{Code: CodeProgressUnsupported,
			Message: "consumerProgress -g GROUP failed with CODE 3 (request type 351 not supported): a 5.x mqadmin asks the brokers for their topic config, which 4.x brokers do not serve, so there are no offsets or lag here. Run instead: " + d.progressCommand() + " (their outputs may be given together, one after another)"}))
	}
	if d.mode == modeNone && d.unread.conn == "" && len(g.members) > 0 && !d.broadcasting {
		msg := "no owner information: consumerProgress was run without -s true and no consumerStatus files were given, so only the expected owners are known (they are in --json). Run mqadmin consumerProgress -g GROUP -s true, or mqadmin consumerStatus -g GROUP"
		if d.unread.noOffset {
			msg = "no owner information: the brokers hold no offset of the group (consumerProgress answers CODE 206: it has consumed nothing yet, or its clients keep the offsets) and no consumerStatus files were given. Run mqadmin consumerStatus -g GROUP"
		}
		if d.unread.progress != "" || len(d.unread.members) > 0 {
			msg = "no owner information: neither consumerProgress nor any member's running info could be read (see the other findings), so only the expected owners are known (they are in --json); run the doctor again once the cluster answers"
		}
		add(leveled(Finding{Code: CodeNoOwnerInfo, Message: msg}))
	}
	if d.broadcasting {
		msg := "the group is BROADCASTING: no allocation applies, every member consumes every queue"
		if d.unread.noOffset {
			msg += "; its offsets are kept by each client, so consumerProgress answers CODE 206 (offset table is empty) and there is no lag to show"
		}
		add(leveled(Finding{Code: CodeBroadcasting, Message: msg}))
	}
	d.subscriptionFindings(add)
	var serverSide []string
	for _, m := range g.members {
		if m.serverSide(d.in.conn.ConsumeType) {
			serverSide = append(serverSide, m.cid)
		}
	}
	if len(serverSide) > 0 {
		add(leveled(Finding{Code: CodeServerSideRebalance, Clients: serverSide,
			Message: plural(len(serverSide), "member is", "members are") + " POP consumers (clientRebalance=false, a #Consumer Pop Detail# section or ConsumeType CONSUME_POP): the broker assigns their queues, not their own allocate call: for those that pop, the queues the broker gave them are their expected and actual owners (several POP members on one queue consume each message once); for the others the expected owners shown may not apply" + popExplained(g.members, d.in.conn.ConsumeType)}))
	}
	if silent := d.unread.unresponsive(); len(silent) > 0 {
		var printed, missing, whys []string
		for _, c := range silent {
			switch {
			case slices.Contains(d.unread.silent, c):
				printed = append(printed, c)
				whys = append(whys, c+": "+d.unread.members[c])
			case d.unread.status == "":
				missing = append(missing, c)
			}
		}
		if len(printed) > 0 {
			add(leveled(Finding{Code: CodeConsumerUnresponsive, Clients: printed,
				Message: plural(len(printed), "member", "members") + " did not answer the running-info request the broker forwards to " + pronoun(len(printed)) + " (" + strings.Join(whys, "; ") + "): a frozen or overloaded client the brokers still list (a frozen JVM stays listed 90-120 s); the queues only " + pronoun(len(printed)) + " could hold are unknown, not counted in the verdict"}))
		}
		if len(missing) > 0 {
			add(leveled(Finding{Code: CodeStatusIncomplete, Clients: missing,
				Message: "no consumerStatus file for " + strings.Join(missing, ", ") + ": the queues they may hold are unknown (consumerProgress's #Client IP names them where it tells the members apart)"}))
		}
	}
	for _, sf := range g.orphanSts[:len(g.orphanSts)*boolInt(d.unread.conn == "")] {
		add(leveled(Finding{Code: CodeUnknownOwner, Clients: []string{sf.cid},
			Message: "a consumerStatus file is for " + sf.cid + ", which is not in the connection list (a consumer that left or is connected elsewhere)"}))
	}
	var topics []string
	for tn := range d.notSubscribed {
		topics = append(topics, tn)
	}
	slices.Sort(topics)
	for _, tn := range topics {
		add(leveled(Finding{Code: CodeNotSubscribed, Topic: tn,
			Message: "consumerProgress lists offsets of " + tn + ", which the group does not subscribe to now (an old subscription): not diagnosed"}))
	}
	return out
}

// strategyFindings: members reporting different strategies, or ones the
// doctor cannot simulate.
func (d *diagnosis) strategyFindings(add func(Finding)) {
	by := map[string][]string{}
	var order []string
	for _, m := range d.g.members {
		if m.reported == "" {
			continue
		}
		if _, ok := by[m.reported]; !ok {
			order = append(order, m.reported)
		}
		by[m.reported] = append(by[m.reported], m.cid)
		if !m.reportedOK {
			add(leveled(Finding{Code: CodeUnknownStrategy, Clients: []string{m.cid},
				Message: m.cid + " runs " + m.reported + ", which the doctor cannot simulate (its settings are not in the output): it is simulated as " + d.defStrategy}))
		}
	}
	if len(order) > 1 {
		var parts, all []string
		for _, s := range order {
			parts = append(parts, s+": "+strings.Join(by[s], ", "))
			all = append(all, by[s]...)
		}
		d.mixedReported = true
		add(leveled(Finding{Code: CodeMixedStrategies, Clients: all,
			Message: "members run different strategies (" + strings.Join(parts, "; ") + "): each takes its own strategy's share, so queues get two owners or none. Give every member the same allocateMessageQueueStrategy"}))
	}
}

// subscriptionsDiffer: the members' status files show different
// subscriptions.
func (d *diagnosis) subscriptionsDiffer() bool {
	differ := false
	d.subscriptionFindings(func(Finding) { differ = true })
	return differ
}

// subscriptionFindings compares the members' subscriptions (status files)
// with each other and with the group's table.
func (d *diagnosis) subscriptionFindings(add func(Finding)) {
	sig := map[string][]string{}
	var order []string
	for _, m := range d.g.members {
		if m.status == nil {
			continue
		}
		var parts []string
		for _, s := range m.status.info.Subscriptions {
			if !strings.HasPrefix(s.Topic, "%RETRY%") {
				parts = append(parts, s.Topic+" ("+s.SubExpression+")")
			}
		}
		slices.Sort(parts)
		k := strings.Join(parts, ", ")
		if _, ok := sig[k]; !ok {
			order = append(order, k)
		}
		sig[k] = append(sig[k], m.cid)
	}
	if len(order) < 2 {
		return
	}
	var parts, all []string
	for _, k := range order {
		parts = append(parts, strings.Join(sig[k], ", ")+" subscribe to "+k)
		all = append(all, sig[k]...)
	}
	add(leveled(Finding{Code: CodeSubscriptionMismatch, Clients: all,
		Message: "members subscribe differently (" + strings.Join(parts, "; ") + "): every member counts all others when it allocates, so the shares of members that do not subscribe to a topic are consumed by nobody, and differing tag expressions flip the broker's filter. Give every member of the group the same subscription"}))
}

// topicFindings lists the topic's unknown owners, route/offset mismatches,
// rebalance in progress and wrong queues by status.
func (d *diagnosis) topicFindings(st *topicState, tr *TopicReport) {
	name := st.tp.name
	// A topic finding's level is its code's (Codes, levelOf): one place sets it.
	add := st.addFinding
	members := d.memberLabels()
	var unknownQs []int
	var unknown []string
	var dropped []int
	var droppers []string
	for i, a := range st.actual {
		hit := false
		for _, l := range a {
			if !members[l] {
				hit = true
				if !slices.Contains(unknown, l) {
					unknown = append(unknown, l)
				}
			}
		}
		if hit {
			unknownQs = append(unknownQs, i)
		}
		if len(st.dropped[i]) > 0 {
			dropped = append(dropped, i)
			for _, c := range st.dropped[i] {
				if !slices.Contains(droppers, c) {
					droppers = append(droppers, c)
				}
			}
		}
	}
	if len(unknown) > 0 {
		add(CodeUnknownOwner, strings.Join(unknown, ", ")+" consume "+plural(len(unknownQs), "queue", "queues")+" of "+name+" but are not in the connection list: consumers that left (their lock or offset is not released yet) or connected to another name server", unknownQs, unknown)
	}
	if len(dropped) > 0 {
		add(CodeRebalanceInProgress, plural(len(dropped), "queue is", "queues are")+" being released (droped=true): "+rerunHint, dropped, droppers)
	}
	if st.tp.route != nil {
		var extra, noOffset []int
		for i := st.nRoute; i < len(st.queues); i++ {
			extra = append(extra, i)
		}
		if d.in.prog != nil {
			for i := 0; i < st.nRoute; i++ {
				if st.rowAt[i] == nil && d.unread.brokers[st.queues[i].BrokerName] == "" {
					noOffset = append(noOffset, i)
				}
			}
		}
		if len(extra) > 0 {
			add(CodeQueueNotInRoute, plural(len(extra), "queue has", "queues have")+" offsets or an owner but are not readable in the route (perm without read, a member holding queues of an older route, or a broker removed): nobody should consume them, check that no message is left in them", extra, nil)
		}
		if len(noOffset) > 0 {
			add(CodeRouteQueueWithoutOffset, plural(len(noOffset), "readable queue of the route has", "readable queues of the route have")+" no line in consumerProgress: the group has never committed an offset there (new queues, or the route is for another topic or cluster)", noOffset, nil)
		}
	}
	d.unreadFindings(st)
	byStatus := map[string][]int{}
	for i, q := range tr.Queues {
		if st.excused[i] == "" {
			byStatus[q.Status] = append(byStatus[q.Status], i)
		}
	}
	// tr.Queues is in st.queues order here (sorted afterwards).
	if qs := byStatus[StatusWrongOwner]; len(qs) > 0 {
		add(CodeWrongOwner, plural(len(qs), "queue is consumed by another member than the one whose allocate call returns it", "queues are consumed by other members than the ones whose allocate calls return them"), qs, nil)
	}
	if qs := byStatus[StatusUnowned]; len(qs) > 0 {
		add(CodeUnowned, plural(len(qs), "queue is consumed by nobody although a member's allocate call returns it", "queues are consumed by nobody although members' allocate calls return them")+": messages pile up there", qs, nil)
	}
	if qs := byStatus[StatusDoubleOwned]; len(qs) > 0 {
		mix, clients := st.popMix(qs)
		add(CodeDoubleOwned, plural(len(qs), "queue is", "queues are")+" consumed by two or more consumers at once: messages are processed twice"+mix, qs, clients)
	}
	if qs := byStatus[StatusUnexpectedOwner]; len(qs) > 0 {
		add(CodeUnexpectedOwner, plural(len(qs), "queue is consumed although no member's allocate call returns it", "queues are consumed although no member's allocate call returns them"), qs, nil)
	}
	if len(st.subs) > 0 && !d.broadcasting {
		var orphans []int
		for _, i := range byStatus[StatusUnassigned] {
			if i < st.nRoute {
				orphans = append(orphans, i)
			}
		}
		d.orphaned += len(orphans)
		if len(orphans) > 0 {
			add(CodeOrphaned, plural(len(orphans), "readable queue is", "readable queues are")+" returned by no member's own allocate call, so nobody will ever consume "+pronoun(len(orphans))+" ("+d.orphanCause(st)+")", orphans, nil)
		}
	}
}

func pronoun(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}

// verdict is the report's OK flag and one-sentence summary.
func verdict(rep *Report, d *diagnosis) (bool, string) {
	counts := map[string]int{}
	total := 0
	for _, tr := range rep.Topics {
		for _, q := range tr.Queues {
			counts[q.Status]++
			total++
		}
	}
	errs := 0
	for _, f := range rep.Findings {
		if f.Level == LevelError {
			errs++
		}
	}
	topics := plural(len(rep.Topics), "topic", "topics")
	if d.unread.conn != "" {
		return false, "Could not read the group: consumerConnection failed (" + d.unread.conn + "), so nobody's queues can be judged."
	}
	if len(d.g.members) == 0 {
		lag := ""
		if d.in.prog != nil {
			lag = " (lag " + strconv.FormatInt(d.totalLag(), 10) + ")"
		}
		return false, "No member of the group is online: nobody consumes its " + plural(total, "queue", "queues") + " in " + topics + lag + "."
	}
	if d.mode == modeNone && (d.unread.progress != "" || len(d.unread.members) > 0) {
		return false, "Could not read who consumes what: neither consumerProgress nor the members' running info answered (see the findings). Expected owners of " + plural(total, "queue", "queues") + " in " + topics + " are in --json."
	}
	if d.mode == modeNone {
		return false, "Cannot tell who consumes what: no owner information (run consumerProgress with -s true, or give consumerStatus files). Expected owners of " + plural(total, "queue", "queues") + " in " + topics + " are in --json."
	}
	if rep.Unknown == total && total > 0 {
		return false, "Could not read who consumes what: the owners of all " + plural(total, "queue", "queues") + " in " + topics + " are unknown (see the findings)."
	}
	ok, v := seenVerdict(rep, d, counts, errs, total-rep.Unknown, topics)
	if rep.Unknown > 0 {
		v = "Read " + itoa(total-rep.Unknown) + " of " + plural(total, "queue", "queues") + " (" + itoa(rep.Unknown) + " unknown: see the findings). " + v
	}
	return ok, v
}

// seenVerdict is the verdict over the total queues that were read.
func seenVerdict(rep *Report, d *diagnosis, counts map[string]int, errs, total int, topics string) (bool, string) {
	bad := 0
	var parts []string
	excused := 0
	for _, n := range d.excused {
		excused += n
	}
	for _, s := range []string{StatusWrongOwner, StatusUnowned, StatusDoubleOwned, StatusUnexpectedOwner} {
		if n := counts[s] - d.excused[s]; n > 0 {
			bad += n
			parts = append(parts, itoa(n)+" "+s)
		}
	}
	if d.orphaned > 0 {
		bad += d.orphaned
		parts = append(parts, itoa(d.orphaned)+" unassigned by every member (nobody will consume them)")
	}
	as := "as the members' strategies say"
	if d.broadcasting {
		// No strategy runs: every member consumes every queue.
		as = d.broadcastAs()
	}
	if bad == 0 && errs == 0 && excused > 0 {
		return true, "OK for now: " + itoa(total-excused) + " of " + plural(total, "queue", "queues") + " in " + topics + " are consumed " + as + "; the other " + itoa(excused) + " cost nothing now (an out-of-date route, or no message in them: see the findings)."
	}
	if bad == 0 && errs == 0 {
		return true, "OK: all " + plural(total, "queue", "queues") + " in " + topics + " are consumed " + as + "."
	}
	if bad == 0 && d.broadcasting {
		return false, "Every queue is consumed by every member, as the group is BROADCASTING, but " + plural(errs, "problem was", "problems were") + " found (see the findings)."
	}
	if bad == 0 {
		return false, "Every queue is consumed as the members' own allocate calls say, but " + plural(errs, "problem was", "problems were") + " found (see the findings)."
	}
	return false, itoa(bad) + " of " + plural(total, "queue", "queues") + " in " + topics + " are not consumed as expected: " + strings.Join(parts, ", ") + "."
}

// progressCommand is the per-topic consumerProgress command line(s) for
// the group's topics and the clusters their routes name.
func (d *diagnosis) progressCommand() string {
	var topics, clusters []string
	for _, s := range d.in.conn.Subscriptions {
		if !slices.Contains(topics, s.Topic) {
			topics = append(topics, s.Topic)
		}
	}
	for i, r := range d.in.routes {
		if n := d.in.routeTopic[i]; n != "" && !slices.Contains(topics, n) {
			topics = append(topics, n)
		}
		for _, b := range r.BrokerDatas {
			if b.Cluster != "" && !slices.Contains(clusters, b.Cluster) {
				clusters = append(clusters, b.Cluster)
			}
		}
	}
	return progressPerTopic(d.g.name, topics, clusters)
}

// languageFindings: members in languages the doctor does not emulate, and
// a group (or one client ID) whose connections are in several languages.
func (d *diagnosis) languageFindings(add func(Finding)) {
	langs := map[string][]string{}    // language -> client IDs
	profiles := map[string][]string{} // language -> the clients simulated for it
	var order []string
	note := func(l, cid, profile string, known bool) {
		if _, ok := langs[l]; !ok {
			order = append(order, l)
		}
		if !slices.Contains(langs[l], cid) {
			langs[l] = append(langs[l], cid)
		}
		if known && !slices.Contains(profiles[l], profile) {
			profiles[l] = append(profiles[l], profile)
		}
	}
	var shared []string
	for _, m := range d.g.members {
		for _, c := range m.conns {
			if c.Language != m.conns[0].Language && !slices.Contains(shared, m.cid) {
				shared = append(shared, m.cid)
			}
		}
		for _, c := range m.conns {
			p, known := profileOf(c.Language, c.Version)
			if c.Language == m.conns[0].Language {
				p, known = m.profile, m.languageOK
			}
			note(c.Language, m.cid, p, known)
		}
		if l := m.conns[0].Language; !m.languageOK && l != "" {
			add(leveled(Finding{Code: CodeUnknownLanguage, Clients: []string{m.cid},
				Message: m.cid + " is a " + l + " client, which the doctor does not emulate: it is treated as the Java client " + m.profile}))
		}
	}
	if len(order) < 2 {
		return
	}
	var parts, all []string
	for _, l := range order {
		name := l
		if len(profiles[l]) > 0 {
			name += " (" + strings.Join(profiles[l], ", ") + ")"
		}
		parts = append(parts, name+": "+plural(len(langs[l]), "client", "clients"))
		for _, c := range langs[l] {
			if !slices.Contains(all, c) {
				all = append(all, c)
			}
		}
	}
	msg := "the group mixes client languages (" + strings.Join(parts, ", ") + "): each sorts the member list and allocates in its own way, so their shares may overlap or leave queues to nobody"
	if len(shared) > 0 {
		msg += "; " + strings.Join(shared, ", ") + " is the client ID of clients in different languages, which then allocate the same share their own way"
	}
	add(leveled(Finding{Code: CodeMixedLanguages, Clients: all, Message: msg}))
}

// addFinding adds a finding of code about the topic's queues qs (positions;
// the first maxListed are listed), at the code's level.
func (st *topicState) addFinding(code Code, msg string, qs []int, clients []string) {
	name := st.tp.name
	f := leveled(Finding{Code: code, Topic: name, Message: msg, Clients: clients})
	for _, i := range qs {
		if row := st.rowAt[i]; row != nil {
			f.lag += row.Diff
		}
	}
	for _, i := range qs[:min(len(qs), maxListed)] {
		q := st.queues[i]
		f.Queues = append(f.Queues, QueueRef{Topic: name, BrokerName: q.BrokerName, QueueID: q.QueueID})
	}
	if len(qs) > maxListed {
		f.Message += " (the first " + itoa(maxListed) + " of " + itoa(len(qs)) + " are listed)"
	}
	st.findings = append(st.findings, f)
}

// totalLag is the sum of #Diff over the progress rows.
func (d *diagnosis) totalLag() int64 {
	var sum int64
	if d.in.prog != nil {
		for _, r := range d.in.prog.Rows {
			sum += r.Diff
		}
	}
	return sum
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
