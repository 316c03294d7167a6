package doctor_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// The POP captures of testdata/pop5 come from the live layer on the real
// 5.3.3 kit (kit5_popstate_test.go), with held.txt: what each real consumer
// held then (LivePopConsumer5 / KitConsumer5 hold lines; queue -1 = every
// queue of that broker, as the broker's POP assignment says).
//   - share0-mqadmin: G5_popok, two POP members with popShareQueueNum 0
//     (each pops every queue of T5_popok, 3+2 queues), 40 sent, 40
//     consumed: the real 5.3.3 mqadmin's capture.
//   - share0-live: the same group saved by `doctor --namesrv --save`.
//   - pullpop-live: G5_popmix, a classic member c1 (client rebalance, AVG
//     over [c1, x1]: broker-a5/0 and /1) and a POP member x1 (share 0: pops
//     every queue of T5_popmix, 2+2): 20 sent, 34 consumed (c1's two queues
//     twice).

// heldPopOwners reads held.txt: owners by "topic broker/qid", with -1
// standing for every queue of that broker in rep's topic.
func heldPopOwners(t *testing.T, dir string, rep *doctor.Report) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	add := func(k, cid string) {
		if !slices.Contains(out[k], cid) {
			out[k] = append(out[k], cid)
			slices.Sort(out[k])
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(readFile(t, filepath.Join(dir, "held.txt"))), "\n") {
		f := strings.Fields(line)
		require.GreaterOrEqual(t, len(f), 2, line)
		cid := f[1]
		list := line[strings.IndexByte(line, '[')+1 : strings.LastIndexByte(line, ']')]
		for _, q := range strings.Split(list, ", ") {
			parts := strings.Split(q, "/")
			require.Len(t, parts, 3, q)
			if parts[2] != "-1" {
				add(parts[1]+" "+parts[0]+"/"+parts[2], cid)
				continue
			}
			for _, tr := range rep.Topics {
				for _, rq := range tr.Queues {
					if tr.Topic == parts[1] && rq.BrokerName == parts[0] {
						add(tr.Topic+" "+rq.BrokerName+"/"+strconv.Itoa(int(rq.QueueID)), cid)
					}
				}
			}
		}
	}
	return out
}

// Every POP capture: the verdict its situation calls for, and each
// queue's actual owners exactly what the real consumers held.
func TestPopCaptures(t *testing.T) {
	cases := []struct {
		dir    string
		ok     bool
		double []string // queues (topic broker/qid) that must be DOUBLE_OWNED, no other
		codes  []doctor.Code
	}{
		{dir: "share0-mqadmin", ok: true, codes: []doctor.Code{doctor.CodeServerSideRebalance}},
		{dir: "share0-live", ok: true, codes: []doctor.Code{doctor.CodeServerSideRebalance}},
		{dir: "pullpop-live", double: []string{"T5_popmix broker-a5/0", "T5_popmix broker-a5/1"}, codes: []doctor.Code{doctor.CodeDoubleOwned, doctor.CodeServerSideRebalance}},
	}
	for _, c := range cases {
		t.Run(c.dir, func(t *testing.T) {
			dir := filepath.Join("testdata", "pop5", c.dir)
			rep, err := doctor.Diagnose(captureInput(t, dir))
			require.NoError(t, err)
			assert.Equal(t, c.ok, rep.OK, rep.Text())
			assert.True(t, rep.Judged, rep.Text())
			got := codes(rep)
			for _, code := range c.codes {
				assert.Contains(t, got, code, rep.Text())
			}
			for _, code := range []doctor.Code{doctor.CodeUnowned, doctor.CodeOrphaned, doctor.CodeWrongOwner, doctor.CodeUnexpectedOwner} {
				assert.NotContains(t, got, code, "popped queues are consumed: %s", rep.Text())
			}
			held := heldPopOwners(t, dir, rep)
			var double []string
			n := 0
			for _, tr := range rep.Topics {
				for _, q := range tr.Queues {
					k := tr.Topic + " " + q.BrokerName + "/" + strconv.Itoa(int(q.QueueID))
					if !strings.HasPrefix(tr.Topic, "%RETRY%") {
						// held.txt is the consumers' last line, a few seconds
						// after the status files: the retry topic's queues
						// (pulled, rebalanced every 20 s) may have moved.
						assert.Equal(t, held[k], q.Actual, k)
					}
					if q.Status == doctor.StatusDoubleOwned {
						double = append(double, k)
					} else {
						assert.Equal(t, doctor.StatusOK, q.Status, k)
					}
					n++
				}
			}
			assert.Positive(t, n)
			assert.Equal(t, c.double, double, rep.Text())
		})
	}
}

// The mixed group's DOUBLE_OWNED names the mix: who pulls, who pops, on
// exactly the queues both consume; its per-queue cause says so too.
func TestPopMixedNamesPullerAndPopper(t *testing.T) {
	rep, err := doctor.Diagnose(captureInput(t, "testdata/pop5/pullpop-live"))
	require.NoError(t, err)
	var f *doctor.Finding
	for i := range rep.Findings {
		if rep.Findings[i].Code == doctor.CodeDoubleOwned {
			f = &rep.Findings[i]
		}
	}
	require.NotNil(t, f, rep.Text())
	assert.Contains(t, f.Message, "127.0.0.1@c1 pulls them")
	assert.Contains(t, f.Message, "127.0.0.1@x1 pops them")
	assert.Equal(t, []string{"127.0.0.1@c1", "127.0.0.1@x1"}, f.Clients)
	require.Len(t, f.Queues, 2)
	for _, tr := range rep.Topics {
		for _, q := range tr.Queues {
			if q.Status == doctor.StatusDoubleOwned {
				assert.Contains(t, q.Cause, "127.0.0.1@c1 pulls it while 127.0.0.1@x1 pops it")
			}
		}
	}
}

// withPops replaces the #Consumer Pop Detail# lines of a 5.3.3 status file
// with pops ("topic broker qid", qid -1 = every queue of the broker), in
// the tool's layout.
func withPops(t *testing.T, text string, pops ...string) string {
	t.Helper()
	head := "#Consumer Pop Detail#\n"
	at := strings.Index(text, head)
	require.GreaterOrEqual(t, at, 0)
	body := at + len(head)
	cols := body + strings.IndexByte(text[body:], '\n') + 1 // the column header line
	end := cols + strings.Index(text[cols:], "\n\n")
	var b strings.Builder
	for _, p := range pops {
		f := strings.Fields(p)
		fmt.Fprintf(&b, "%-33s %-33s %-5s PopProcessQueueInfo [waitAckCount:0, droped:false, lastPopTimestamp:1796328295544]\n", f[0], f[1], f[2])
	}
	return text[:cols] + b.String() + strings.TrimPrefix(text[end:], "\n")
}

// Worked examples on the healthy share-0 capture, with the Pop Detail of
// h1 and h2 set to other assignments the broker can give (T5_popok:
// broker-a5 0..2, broker-b5 0..1).
func TestPopAssignments(t *testing.T) {
	const h1, h2 = "127.0.0.1@h1", "127.0.0.1@h2"
	cases := []struct {
		name       string
		h1, h2     []string
		ok         bool
		statuses   map[string]string   // broker/qid of T5_popok -> status
		owners     map[string][]string // broker/qid -> actual owners
		codes, not []doctor.Code
	}{{
		// popShareQueueNum 1 (own share plus the neighbour's): the queues
		// two members pop are consumed once, not twice.
		name:     "share 1: overlapping pops are one consumption",
		h1:       []string{"T5_popok broker-a5 0", "T5_popok broker-a5 1", "T5_popok broker-a5 2"},
		h2:       []string{"T5_popok broker-a5 2", "T5_popok broker-b5 0", "T5_popok broker-b5 1"},
		ok:       true,
		statuses: map[string]string{"broker-a5/0": doctor.StatusOK, "broker-a5/2": doctor.StatusOK, "broker-b5/1": doctor.StatusOK},
		owners:   map[string][]string{"broker-a5/0": {h1}, "broker-a5/2": {h1, h2}, "broker-b5/0": {h2}},
		not:      []doctor.Code{doctor.CodeDoubleOwned, doctor.CodeUnowned, doctor.CodeOrphaned},
	}, {
		// The broker gave nobody broker-b5's queues: consumed by nobody.
		name:     "a broker nobody pops",
		h1:       []string{"T5_popok broker-a5 -1"},
		h2:       []string{"T5_popok broker-a5 -1"},
		statuses: map[string]string{"broker-a5/1": doctor.StatusOK, "broker-b5/0": doctor.StatusUnassigned, "broker-b5/1": doctor.StatusUnassigned},
		owners:   map[string][]string{"broker-a5/1": {h1, h2}, "broker-b5/0": {}},
		codes:    []doctor.Code{doctor.CodeOrphaned},
		not:      []doctor.Code{doctor.CodeDoubleOwned, doctor.CodeUnowned},
	}, {
		// One member pops nothing (the broker's answer changed, or it just
		// joined): the other's pops are the whole group's.
		name:     "one member pops everything, the other nothing",
		h1:       []string{"T5_popok broker-a5 -1", "T5_popok broker-b5 -1"},
		h2:       nil,
		ok:       true,
		statuses: map[string]string{"broker-a5/0": doctor.StatusOK, "broker-b5/1": doctor.StatusOK},
		owners:   map[string][]string{"broker-a5/0": {h1}, "broker-b5/1": {h1}},
		not:      []doctor.Code{doctor.CodeUnowned, doctor.CodeOrphaned, doctor.CodeDoubleOwned},
	}}
	base := captureInput(t, "testdata/pop5/share0-mqadmin")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := base
			in.Status = slices.Clone(base.Status)
			for i, st := range in.Status {
				pops := c.h1
				if st.Name == h2 {
					pops = c.h2
				}
				in.Status[i].Text = withPops(t, st.Text, pops...)
			}
			rep, err := doctor.Diagnose(in)
			require.NoError(t, err)
			assert.Equal(t, c.ok, rep.OK, rep.Text())
			got := codes(rep)
			for _, code := range c.codes {
				assert.Contains(t, got, code, rep.Text())
			}
			for _, code := range c.not {
				assert.NotContains(t, got, code, rep.Text())
			}
			byQueue := map[string]doctor.QueueReport{}
			for _, tr := range rep.Topics {
				if tr.Topic == "T5_popok" {
					for _, q := range tr.Queues {
						byQueue[q.BrokerName+"/"+strconv.Itoa(int(q.QueueID))] = q
					}
				}
			}
			for q, s := range c.statuses {
				assert.Equal(t, s, byQueue[q].Status, "%s: %s", q, rep.Text())
			}
			for q, o := range c.owners {
				assert.Equal(t, o, byQueue[q].Actual, q)
			}
		})
	}
}

// Invariants over random POP assignments (fixed seed) on both real
// captures: a queue popped by POP members only is OK however many pop it;
// one nobody pops nor pulls is consumed by nobody (unassigned); one that
// the classic member c1 pulls is DOUBLE_OWNED exactly when x1 pops it too.
func TestPopInvariants(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 7))
	type capture struct {
		dir, topic string
		queues     []string          // broker qid of the topic
		poppers    []string          // status file names whose pops are drawn
		pulled     map[string]string // broker/qid -> who pulls it (its MQ Detail)
	}
	caps := []capture{
		{dir: "share0-mqadmin", topic: "T5_popok", queues: []string{"broker-a5 0", "broker-a5 1", "broker-a5 2", "broker-b5 0", "broker-b5 1"}, poppers: []string{"127.0.0.1@h1", "127.0.0.1@h2"}},
		{dir: "pullpop-live", topic: "T5_popmix", queues: []string{"broker-a5 0", "broker-a5 1", "broker-b5 0", "broker-b5 1"}, poppers: []string{"127.0.0.1@x1"},
			pulled: map[string]string{"broker-a5/0": "127.0.0.1@c1", "broker-a5/1": "127.0.0.1@c1"}},
	}
	for _, c := range caps {
		base := captureInput(t, filepath.Join("testdata", "pop5", c.dir))
		checked := 0
		for round := 0; round < 60; round++ {
			in := base
			in.Status = slices.Clone(base.Status)
			popped := map[string][]string{}
			for i, st := range in.Status {
				if !slices.Contains(c.poppers, st.Name) {
					continue
				}
				var pops []string
				for _, q := range c.queues {
					if rng.IntN(2) == 0 {
						pops = append(pops, c.topic+" "+q)
						k := strings.Replace(q, " ", "/", 1)
						popped[k] = append(popped[k], st.Name)
					}
				}
				in.Status[i].Text = withPops(t, st.Text, pops...)
			}
			if len(popped) == 0 {
				// No POP queue at all: nothing tells the broker's POP mode
				// from its PULL mode, the members are judged as before.
				continue
			}
			checked++
			rep, err := doctor.Diagnose(in)
			require.NoError(t, err)
			for _, tr := range rep.Topics {
				if tr.Topic != c.topic {
					continue
				}
				for _, q := range tr.Queues {
					k := q.BrokerName + "/" + strconv.Itoa(int(q.QueueID))
					want := doctor.StatusOK
					switch puller := c.pulled[k]; {
					case puller != "" && len(popped[k]) > 0:
						want = doctor.StatusDoubleOwned
					case puller == "" && len(popped[k]) == 0:
						want = doctor.StatusUnassigned
					}
					assert.Equal(t, want, q.Status, "%s round %d %s: pops %v\n%s", c.dir, round, k, popped, rep.Text())
					wantActual := slices.Clone(popped[k])
					if p := c.pulled[k]; p != "" {
						wantActual = append(wantActual, p)
					}
					slices.Sort(wantActual)
					if wantActual == nil {
						wantActual = []string{}
					}
					assert.Equal(t, wantActual, q.Actual, "%s round %d %s", c.dir, round, k)
				}
			}
			assert.NotContains(t, codes(rep), doctor.CodeUnowned, "%s round %d: %s", c.dir, round, rep.Text())
		}
		assert.Greater(t, checked, 30, "%s: rounds with POP queues", c.dir)
	}
}
