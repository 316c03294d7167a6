package doctor

import (
	"net/netip"
	"slices"
)

// Owners seen as a bare IP: consumerProgress's #Client IP column (used
// when the status files are missing), or clients that print only their
// IP, name an owner by its IP where the next snapshot may name it by
// client ID (IP@instance). Counted as they are, they would read as owner
// changes (false flapping).

// isBareIP tells an owner given by IP alone from a client ID.
func isBareIP(owner string) bool {
	_, err := netip.ParseAddr(owner)
	return err == nil
}

// memberByIP maps each IP of members (client IDs) to the one member on
// it, or to "" when several are.
func memberByIP(members []string) map[string]string {
	out := make(map[string]string, len(members))
	for _, m := range members {
		ip := ipOf(m)
		if ip == m {
			continue // not a client ID
		}
		if _, seen := out[ip]; seen {
			out[ip] = ""
		} else {
			out[ip] = m
		}
	}
	return out
}

// resolveIPOwners replaces each bare IP in owners by the client ID of the
// one member on that IP (byIP: memberByIP of the snapshot's connection
// list). With no such member, or several, the IP stays: SameOwners then
// takes it for any owner on that IP. The result is sorted; owners itself
// is not changed.
func resolveIPOwners(owners []string, byIP map[string]string) []string {
	if !slices.ContainsFunc(owners, isBareIP) {
		return owners
	}
	out := slices.Clone(owners)
	for i, o := range out {
		if m := byIP[o]; m != "" && isBareIP(o) {
			out[i] = m
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// SameOwners tells whether two owner sets (sorted) can be the same
// clients: equal, or equal once each bare IP left in one stands for an
// owner on that IP in the other. merged is then the set naming each
// owner as precisely as either does. The timeline counts owner changes
// with it, and so does the monitor's rmqalloc_owner_changes_total.
func SameOwners(a, b []string) (same bool, merged []string) {
	if slices.Equal(a, b) {
		return true, a
	}
	if len(a) != len(b) {
		return false, nil
	}
	var restA, restB []string
	for _, o := range a {
		if !slices.Contains(b, o) {
			restA = append(restA, o)
		}
	}
	for _, o := range b {
		if !slices.Contains(a, o) {
			restB = append(restB, o)
		}
	}
	if len(restA) != len(restB) {
		return false, nil
	}
	merged = slices.DeleteFunc(slices.Clone(a), func(o string) bool { return slices.Contains(restA, o) })
	used := make([]bool, len(restB))
	for _, x := range restA {
		found := false
		for j, y := range restB {
			if used[j] {
				continue
			}
			switch {
			case isBareIP(x) && !isBareIP(y) && ipOf(y) == x:
				merged = append(merged, y)
			case isBareIP(y) && !isBareIP(x) && ipOf(x) == y:
				merged = append(merged, x)
			default:
				continue
			}
			used[j], found = true, true
			break
		}
		if !found {
			return false, nil
		}
	}
	slices.Sort(merged)
	return true, merged
}
