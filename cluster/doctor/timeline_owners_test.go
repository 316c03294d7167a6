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
