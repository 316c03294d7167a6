//go:build !(js && wasm)

package live

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// withExtraChannels rewrites a connection answer so that it lists c1 from
// n-1 more ports of its IP (what a broker that paused lists, or what every
// broker lists when n processes share the client ID).
func withExtraChannels(t *testing.T, f []byte, n int) []byte {
	t.Helper()
	c, err := DecodeFrame(f)
	require.NoError(t, err)
	one := `{"clientAddr":"127.0.0.1:33500","clientId":"127.0.0.1@c1","language":"JAVA","version":399}`
	body := string(c.Body)
	require.Contains(t, body, one)
	more := one
	for i := 1; i < n; i++ {
		more += "," + strings.Replace(one, "33500", "4000"+string(rune('0'+i)), 1)
	}
	c.Body = []byte(strings.Replace(body, one, more, 1))
	return c.Encode()
}

func TestSessionStaleChannels(t *testing.T) {
	for _, tc := range []struct {
		name          string
		first, others int // how many times the first broker asked, and the others, list c1
		wantListed    int // in the saved connection.txt
		wantDuplicate bool
		wantWarning   bool
	}{
		{"one broker lists c1 three times, the other once: stale channels", 3, 1, 1, false, true},
		{"both brokers list c1 twice: two processes share the ID", 2, 2, 2, true, false},
		{"no duplicates: the other brokers are not asked", 1, 1, 1, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base := kitAnswer(t, nil)
			asked := map[string]int{}
			snap, err := replay(t, Options{NameServer: "127.0.0.1:9876", Group: "G_LIVE"}, func(r Request) ([]byte, error) {
				c, _ := DecodeFrame(r.Frame)
				f, err := base(r)
				if err != nil || c.Code != codeGetConsumerConnectionList {
					return f, err
				}
				asked[r.Addr]++
				if len(asked) == 1 && asked[r.Addr] == 1 {
					return withExtraChannels(t, f, tc.first), nil
				}
				return withExtraChannels(t, f, tc.others), nil
			})
			require.NoError(t, err)
			assert.Equal(t, tc.wantListed, strings.Count(snap.Connection, "127.0.0.1@c1"), snap.Connection)
			warned := strings.Contains(strings.Join(snap.Warnings, "\n"), "stale channels of one process")
			assert.Equal(t, tc.wantWarning, warned, snap.Warnings)
			if tc.first == 1 {
				assert.Len(t, asked, 1, "one broker asked when its list has no duplicate")
			} else {
				assert.Len(t, asked, 2, "the other broker asked")
			}
			rep, err := doctor.Diagnose(snap.Input())
			require.NoError(t, err)
			dup := false
			for _, f := range rep.Findings {
				dup = dup || f.Code == doctor.CodeDuplicateClientID
			}
			assert.Equal(t, tc.wantDuplicate, dup, rep.Text())
		})
	}
}
