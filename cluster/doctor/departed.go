package doctor

import (
	"slices"
	"strings"
)

// departedIDs are client IDs the outputs name as members of the group
// although the connection list (one broker's, as consumerConnection asks
// one) does not have them: a consumerStatus failure naming the client
// ("consumer <G> <ID> Timeout", CODE 207: consumerStatus asked another
// broker, or asked earlier) or a status file of its own. A member that
// left or froze stays in some brokers' lists, and so in the member lists
// the other members allocate over, for up to 2 minutes.
func (d *diagnosis) departedIDs() []string {
	var out []string
	add := func(cid string) {
		if cid != "" && d.g.byCID[cid] == nil && !slices.Contains(out, cid) {
			out = append(out, cid)
		}
	}
	for _, e := range d.in.statusErrs {
		add(failedClient(e.desc))
	}
	for _, sf := range d.g.orphanSts {
		add(sf.cid)
	}
	slices.Sort(out)
	return out
}

// failedClient is the client ID of "consumer <GROUP> <CLIENT_ID> ..."
// (MQClientAPIImpl's running-info failures), "" when desc names none.
func failedClient(desc string) string {
	_, rest, ok := strings.Cut(desc, "consumer <")
	if !ok {
		return ""
	}
	_, rest, ok = strings.Cut(rest, "> <")
	if !ok {
		return ""
	}
	cid, _, ok := strings.Cut(rest, ">")
	if !ok || strings.ContainsAny(cid, " \t") {
		return ""
	}
	return cid
}

// memberViewCauses is, by owner label, the out-of-date member list that
// gives exactly the queues it holds (viewCause): worked out before the
// route views, so a member list that still has a departed member is said
// as such, not as an out-of-date route.
func (d *diagnosis) memberViewCauses(st *topicState, wrong []string, actualSet map[string][]int32) map[string]string {
	out := map[string]string{}
	if d.mode == modeNone || d.broadcasting || len(wrong) > maxExplained || len(d.g.members) > maxViewMembers {
		return out
	}
	extra := d.extraMembers(actualSet)
	for _, l := range wrong {
		subs := st.labelSubs[l]
		if got := actualSet[l]; len(got) > 0 && len(subs) == 1 {
			if c := d.viewCause(st, st.subs[subs[0]], st.views[subs[0]].Strategy, got, extra); c != "" {
				out[l] = c
			}
		}
	}
	return out
}

// extraMembers are the client IDs a member's view may have that the
// connection list has not: owners not in it (cid mode) and departedIDs.
func (d *diagnosis) extraMembers(actualSet map[string][]int32) []string {
	var out []string
	if d.mode == modeCID {
		for l := range actualSet {
			if _, ok := d.g.byCID[l]; !ok {
				out = append(out, l)
			}
		}
	}
	for _, c := range d.departedIDs() {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	slices.Sort(out)
	return out
}
