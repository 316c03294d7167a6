package doctor_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// An orderly consumer killed (issue 34, What-3): of three members,
// 10.0.0.3@3 was killed; the broker drops its connection at once, so the
// two left allocate over two members, but they cannot lock its old queues
// (broker-b/2, broker-b/3: AVG over three gave it those) until the broker's
// lock expires, 60 s after its last renewal. Those queues are held by
// nobody with lag: their own cause, an error, not an out-of-date route.
func TestOrderlyLockHeld(t *testing.T) {
	for _, tt := range []struct {
		name      string
		orderly   string // PROP_CONSUMEORDERLY of every member; "" = not printed
		killed    bool   // 10.0.0.3@3 killed (else all three run)
		noStatus  string // a member whose status file is missing
		wantLocks []string
	}{
		// broker-b/2 and broker-b/3 are 10.0.0.2@2's over two members
		{name: "orderly member killed", orderly: "true", killed: true, wantLocks: []string{"broker-b/2", "broker-b/3"}},
		// a concurrent group takes a queue without a lock: no such cause
		{name: "concurrent member killed", orderly: "false", killed: true},
		{name: "no orderly property", killed: true},
		// every queue held as allocated: nothing to say
		{name: "orderly, all running", orderly: "true"},
		// the member that should take them did not give its status: its
		// queues are unknown, not locked by another
		{name: "orderly, owner's status missing", orderly: "true", killed: true, noStatus: "10.0.0.2@2"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := small()
			old := ownAllocate(t, c, "AVG", alloc.Java493.Name(), c.clients)
			dead := c.clients[2]
			hold := old
			if tt.killed {
				c.clients = c.clients[:2]
				now := ownAllocate(t, c, "AVG", alloc.Java493.Name(), c.clients)
				hold = map[string][]alloc.MessageQueue{}
				for _, cid := range c.clients {
					for _, q := range now[cid] {
						if !slices.Contains(old[dead], q) {
							hold[cid] = append(hold[cid], q)
						}
					}
				}
			}
			in := statusInput(c, hold, func(cid string) string {
				var props []string
				if tt.orderly != "" {
					props = []string{"PROP_CONSUMEORDERLY", tt.orderly}
				}
				return strings.ReplaceAll(statusText(cid, "", c.topic, hold[cid], nil, props...), "locked=false,", "locked="+strconv.FormatBool(tt.orderly == "true")+",")
			})
			in.Status = slices.DeleteFunc(in.Status, func(s doctor.StatusText) bool { return s.Name == tt.noStatus })
			rep, err := doctor.Diagnose(in)
			require.NoError(t, err)
			f := finding(rep, doctor.CodeOrderlyLockHeld)
			if tt.wantLocks == nil {
				assert.Nil(t, f, rep.Text())
				return
			}
			require.NotNil(t, f, rep.Text())
			assert.Equal(t, doctor.LevelError, f.Level)
			var got []string
			for _, q := range f.Queues {
				got = append(got, q.BrokerName+"/"+strconv.Itoa(int(q.QueueID)))
			}
			assert.Equal(t, tt.wantLocks, got)
			assert.Equal(t, []string{"10.0.0.2@2"}, f.Clients)
			assert.Contains(t, f.Message, "lag 39") // progressText: 18 + 21
			assert.Contains(t, f.Message, "60 s after its last renewal")
			assert.False(t, rep.OK, rep.Text())
			assert.NotContains(t, rep.Verdict, "OK for now")
			assert.Nil(t, finding(rep, doctor.CodeRouteViewDiffers), rep.Text())
			for _, w := range tt.wantLocks {
				b, id, _ := strings.Cut(w, "/")
				n, _ := strconv.Atoi(id)
				q := queueStatus(rep, b, int32(n))
				require.NotNil(t, q)
				assert.Equal(t, doctor.StatusUnowned, q.Status)
				assert.Contains(t, q.Cause, "not locked on the broker for 10.0.0.2@2")
				assert.NotContains(t, q.Cause, "route")
			}
		})
	}
}
