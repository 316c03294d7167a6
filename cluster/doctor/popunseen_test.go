package doctor_test

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// A POP group read from consumerProgress alone (issue 34, What-4): the
// real 5.3.3 captures of testdata/pop5 without their status files. The
// POP members hold no queue in their own tables, so #Client IP is N/A on
// every queue they pop: those queues are unknown, with a finding naming
// the 5.x members, never UNOWNED. A queue a member does show is judged.
func TestPopFromProgressAlone(t *testing.T) {
	for _, c := range []struct {
		dir     string
		topic   string
		unknown []string // broker/qid
	}{
		// two POP members, each popping every queue: all five N/A
		{dir: "share0-live", topic: "T5_popok", unknown: []string{"broker-a5/0", "broker-a5/1", "broker-a5/2", "broker-b5/0", "broker-b5/1"}},
		{dir: "share0-mqadmin", topic: "T5_popok", unknown: []string{"broker-a5/0", "broker-a5/1", "broker-a5/2", "broker-b5/0", "broker-b5/1"}},
		// the classic member c1 shows on broker-a5/0 and /1; x1's pops do not
		{dir: "pullpop-live", topic: "T5_popmix", unknown: []string{"broker-b5/0", "broker-b5/1"}},
	} {
		t.Run(c.dir, func(t *testing.T) {
			in := captureInput(t, filepath.Join("testdata", "pop5", c.dir))
			in.Status, in.StatusErr = nil, ""
			rep, err := doctor.Diagnose(in)
			require.NoError(t, err)
			assert.NotContains(t, codes(rep), doctor.CodeUnowned, rep.Text())
			var unknown []string
			for _, tr := range rep.Topics {
				for _, q := range tr.Queues {
					assert.NotEqual(t, doctor.StatusUnowned, q.Status, "%s %s/%d", tr.Topic, q.BrokerName, q.QueueID)
					if tr.Topic == c.topic && q.Status == doctor.StatusUnknown {
						unknown = append(unknown, q.BrokerName+"/"+strconv.Itoa(int(q.QueueID)))
						assert.Contains(t, q.Cause, "5.x member may pop", q.Cause)
					}
				}
			}
			assert.Equal(t, c.unknown, unknown, rep.Text())
			var f *doctor.Finding
			for i := range rep.Findings {
				if rep.Findings[i].Code == doctor.CodeServerSideRebalance && rep.Findings[i].Topic == c.topic {
					f = &rep.Findings[i]
				}
			}
			if assert.NotNil(t, f, rep.Text()) {
				assert.Len(t, f.Queues, len(c.unknown))
				assert.Contains(t, f.Message, "N/A does not mean unowned")
				assert.Len(t, f.Clients, 2)
			}
			assert.True(t, rep.OK, "nothing wrong is claimed from what could not be seen: %s", rep.Text())
		})
	}
}

// An N/A queue with messages waiting stays UNOWNED, 5.x or not: they
// pile up there whoever should pop them.
func TestUnownedFromProgressWithLag(t *testing.T) {
	in := captureInput(t, filepath.Join("testdata", "pop5", "share0-live"))
	in.Status, in.StatusErr = nil, ""
	lines := strings.Split(in.Progress, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "T5_popok") && strings.Contains(l, "broker-b5") {
			// fields: topic broker qid brokerOffset consumerOffset ip diff date time
			lines[i] = setField(setField(l, 3, "20"), 6, "12")
		}
	}
	in.Progress = strings.Replace(strings.Join(lines, "\n"), "Diff Total: 0", "Diff Total: 24", 1)
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err)
	assert.Equal(t, []string{"broker-b5/0", "broker-b5/1"}, queuesOf(rep, "T5_popok", doctor.StatusUnowned), rep.Text())
	assert.Len(t, queuesOf(rep, "T5_popok", doctor.StatusUnknown), 3, rep.Text())
}

// setField puts v in place of the n-th whitespace-separated field of l,
// padded to keep the columns.
func setField(l string, n int, v string) string {
	loc := regexp.MustCompile(`\S+`).FindAllStringIndex(l, -1)[n]
	w := loc[1] - loc[0]
	return l[:loc[0]] + v + strings.Repeat(" ", max(0, w-len(v))) + l[loc[1]:]
}

func queuesOf(rep *doctor.Report, topic, status string) []string {
	var out []string
	for _, tr := range rep.Topics {
		for _, q := range tr.Queues {
			if tr.Topic == topic && q.Status == status {
				out = append(out, q.BrokerName+"/"+strconv.Itoa(int(q.QueueID)))
			}
		}
	}
	return out
}

// The same N/A from 4.x clients (no POP in 4.x): still UNOWNED.
func TestUnownedFromProgressWithoutPop(t *testing.T) {
	in := captureInput(t, filepath.Join("testdata", "pop5", "share0-live"))
	in.Status, in.StatusErr = nil, ""
	in.Connection = strings.ReplaceAll(in.Connection, "V5_3_3", "V4_9_3")
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err)
	assert.Contains(t, codes(rep), doctor.CodeUnowned, rep.Text())
	assert.NotContains(t, codes(rep), doctor.CodeServerSideRebalance, rep.Text())
}
