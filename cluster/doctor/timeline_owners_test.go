package doctor

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestResolveIPOwners(t *testing.T) {
	members := []string{"10.0.0.1@a", "10.0.0.2@b", "10.0.0.2@c", "::1@d"}
	tests := []struct {
		name   string
		owners []string
		want   []string
	}{
		{"client IDs stay", []string{"10.0.0.1@a"}, []string{"10.0.0.1@a"}},
		{"one member on the IP", []string{"10.0.0.1"}, []string{"10.0.0.1@a"}},
		{"IPv6", []string{"::1"}, []string{"::1@d"}},
		{"two members on the IP: ambiguous", []string{"10.0.0.2"}, []string{"10.0.0.2"}},
		{"no member on the IP", []string{"10.0.0.9"}, []string{"10.0.0.9"}},
		{"not an IP", []string{"host-1"}, []string{"host-1"}},
		{"both forms of one owner", []string{"10.0.0.1", "10.0.0.1@a"}, []string{"10.0.0.1@a"}},
		{"mixed", []string{"10.0.0.1", "10.0.0.2"}, []string{"10.0.0.1@a", "10.0.0.2"}},
		{"nobody", []string{}, []string{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := slices.Clone(tc.owners)
			assert.Equal(t, tc.want, resolveIPOwners(tc.owners, memberByIP(members)))
			assert.Equal(t, in, tc.owners, "the input is not changed")
		})
	}
}

func TestSameOwners(t *testing.T) {
	tests := []struct {
		name   string
		a, b   []string
		same   bool
		merged []string
	}{
		{"equal", []string{"10.0.0.1@a"}, []string{"10.0.0.1@a"}, true, []string{"10.0.0.1@a"}},
		{"IP then its client ID", []string{"10.0.0.2"}, []string{"10.0.0.2@b"}, true, []string{"10.0.0.2@b"}},
		{"client ID then its IP", []string{"10.0.0.2@c"}, []string{"10.0.0.2"}, true, []string{"10.0.0.2@c"}},
		{"another IP", []string{"10.0.0.1@a"}, []string{"10.0.0.2"}, false, nil},
		{"two client IDs on one IP differ", []string{"10.0.0.2@b"}, []string{"10.0.0.2@c"}, false, nil},
		{"nobody then an IP", []string{}, []string{"10.0.0.2"}, false, nil},
		{"two owners, one by IP", []string{"10.0.0.1@a", "10.0.0.2@b"}, []string{"10.0.0.1@a", "10.0.0.2"}, true, []string{"10.0.0.1@a", "10.0.0.2@b"}},
		{"two owners by IP for one", []string{"10.0.0.2@b", "10.0.0.2@c"}, []string{"10.0.0.2", "10.0.0.2@b"}, true, []string{"10.0.0.2@b", "10.0.0.2@c"}},
		{"IPs both sides differ", []string{"10.0.0.1"}, []string{"10.0.0.2"}, false, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			same, merged := SameOwners(tc.a, tc.b)
			assert.Equal(t, tc.same, same)
			assert.Equal(t, tc.merged, merged)
			back, _ := SameOwners(tc.b, tc.a)
			assert.Equal(t, same, back, "symmetric")
		})
	}
}

// FuzzSameOwners: owner sets drawn from a few client IDs and their IPs.
// SameOwners is reflexive and symmetric; sets it calls the same have the
// same size and the same IPs, and merged is as long and keeps every
// client ID of either side.
func FuzzSameOwners(f *testing.F) {
	f.Add([]byte{0, 1}, []byte{4, 1})
	f.Add([]byte{2}, []byte{6})
	f.Add([]byte{0, 2}, []byte{4, 3})
	pool := []string{"10.0.0.1@a", "10.0.0.2@b", "10.0.0.2@c", "10.0.0.3@d", "10.0.0.1", "10.0.0.2", "10.0.0.3"}
	set := func(b []byte) []string {
		var out []string
		for _, x := range b[:min(len(b), 4)] {
			out = append(out, pool[int(x)%len(pool)])
		}
		slices.Sort(out)
		return slices.Compact(out)
	}
	f.Fuzz(func(t *testing.T, x, y []byte) {
		a, b := set(x), set(y)
		same, _ := SameOwners(a, a)
		assert.True(t, same)
		same, merged := SameOwners(a, b)
		back, _ := SameOwners(b, a)
		assert.Equal(t, same, back)
		if !same {
			return
		}
		assert.Len(t, merged, len(a))
		ips := func(s []string) []string {
			var out []string
			for _, o := range s {
				out = append(out, ipOf(o))
			}
			slices.Sort(out)
			return out
		}
		assert.Equal(t, ips(a), ips(b))
		for _, o := range append(slices.Clone(a), b...) {
			if !isBareIP(o) {
				assert.Contains(t, merged, o)
			}
		}
	})
}
