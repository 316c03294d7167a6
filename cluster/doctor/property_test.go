package doctor_test

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/clients"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// classOf is the class consumerStatus prints for each simulated strategy.
var classOf = map[string]string{
	"AVG":             "AllocateMessageQueueAveragely",
	"AVG_BY_CIRCLE":   "AllocateMessageQueueAveragelyByCircle",
	"CONSISTENT_HASH": "AllocateMessageQueueConsistentHash",
}

// randomCluster is a group of 1-4 brokers with 1-12 queues each and 1-7
// clients on distinct IPs.
func randomCluster(r *rand.Rand) *cluster {
	c := &cluster{topic: "T" + strconv.Itoa(r.IntN(1000)), perBroker: 1 + r.IntN(12)}
	for i := 0; i < 1+r.IntN(4); i++ {
		c.brokers = append(c.brokers, "broker-"+string(rune('a'+i)))
	}
	for i := 0; i < 1+r.IntN(7); i++ {
		c.clients = append(c.clients, "10.0."+strconv.Itoa(r.IntN(4))+"."+strconv.Itoa(10+i)+"@"+strconv.Itoa(100+r.IntN(90000)))
	}
	return c
}

// ownAllocate is what each member's own allocate call returns (the
// definition of the expected owners): strategy name as profile's client
// runs it, over the queues and client IDs sorted as that client sorts.
func ownAllocate(t testing.TB, c *cluster, strategy, profile string, cidAll []string) map[string][]alloc.MessageQueue {
	qs, cids := c.queues(), slices.Clone(cidAll)
	var s alloc.Strategy
	var err error
	spec := alloc.StrategySpec{Name: strategy}
	if profile == goclient.Client.Name() {
		s, err = goclient.Client.NewStrategy(spec)
		goclient.Client.SortQueues(qs)
		goclient.Client.SortClientIDs(cids)
	} else {
		v := alloc.Java493
		if profile == alloc.Java533.Name() {
			v = alloc.Java533
		}
		s, err = v.NewStrategy(spec)
		alloc.SortQueues(qs)
		alloc.SortClientIDs(cids)
	}
	require.NoError(t, err)
	out := map[string][]alloc.MessageQueue{}
	for _, cid := range cidAll {
		got, err := s.Allocate("G", cid, qs, cids)
		require.NoError(t, err)
		out[cid] = got
	}
	return out
}

// input is the texts of c with the given holdings: status files when
// withStatus (each naming strategy class[cid]), else progress -s true.
func (c *cluster) input(holdings map[string][]alloc.MessageQueue, class map[string]string, withStatus bool, strategy string) doctor.Input {
	in := doctor.Input{
		Routes:     []doctor.RouteText{{Topic: c.topic, Text: c.routeText()}},
		Connection: c.connectionText(),
		Strategy:   strategy,
	}
	owner := map[alloc.MessageQueue]string{}
	var cids []string
	for cid := range holdings {
		cids = append(cids, cid)
	}
	slices.Sort(cids)
	for _, cid := range cids {
		for _, q := range holdings[cid] {
			owner[q] = cid
		}
		if withStatus {
			in.Status = append(in.Status, doctor.StatusText{Name: cid, Text: statusText(cid, class[cid], c.topic, holdings[cid], nil)})
		}
	}
	in.Progress = c.progressText(owner)
	return in
}

func statuses(r *doctor.Report, topic string) map[string]int {
	out := map[string]int{}
	for _, tr := range r.Topics {
		if tr.Topic == topic {
			for _, q := range tr.Queues {
				out[q.Status]++
			}
		}
	}
	return out
}

func codes(r *doctor.Report) []doctor.Code {
	var out []doctor.Code
	for _, f := range r.Findings {
		out = append(out, f.Code)
	}
	return out
}

// A group consuming exactly what its members' own calls return is all ok,
// for every strategy and client, with status files and with progress IPs;
// the best fit names a candidate that agrees everywhere.
func TestPropertyConsistentGroupIsOK(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 40; iter++ {
		c := randomCluster(r)
		for _, s := range doctor.SimulatedStrategies() {
			for _, p := range clients.Names() {
				c.langs, c.versions = nil, nil
				for range c.clients {
					switch p {
					case goclient.Client.Name():
						c.langs, c.versions = append(c.langs, "GO"), append(c.versions, "V2_1_2")
					case alloc.Java533.Name():
						c.langs, c.versions = append(c.langs, "JAVA"), append(c.versions, "V5_3_3")
					default:
						c.langs, c.versions = append(c.langs, "JAVA"), append(c.versions, "V4_9_3")
					}
				}
				hold := ownAllocate(t, c, s, p, c.clients)
				class := map[string]string{}
				for _, cid := range c.clients {
					class[cid] = classOf[s]
				}
				for _, withStatus := range []bool{true, false} {
					rep, err := doctor.Diagnose(c.input(hold, class, withStatus, s))
					require.NoError(t, err)
					st := statuses(rep, c.topic)
					require.Equal(t, map[string]int{"ok": len(c.queues())}, st, "%s %s status=%v %v\n%s", s, p, withStatus, c.clients, rep.Text())
					require.True(t, rep.OK, rep.Text())
					fit := rep.Topics[0].BestFit[0]
					assert.Equal(t, fit.Total, fit.Agree)
				}
			}
		}
	}
}

// Each planted fault is reported, with status files and with progress IPs
// where the fault shows there.
func TestPropertyPlantedFaults(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for iter := 0; iter < 60; iter++ {
		c := randomCluster(r)
		if len(c.clients) < 2 {
			c.clients = append(c.clients, "10.0.9.9@4242")
		}
		hold := ownAllocate(t, c, "AVG", alloc.Java493.Name(), c.clients)
		class := map[string]string{}
		for _, cid := range c.clients {
			class[cid] = classOf["AVG"]
		}
		// a queue and its owner, and another member
		var a, b string
		var q alloc.MessageQueue
		for _, cid := range c.clients {
			if len(hold[cid]) > 0 {
				a, q = cid, hold[cid][r.IntN(len(hold[cid]))]
				break
			}
		}
		for _, cid := range c.clients {
			if cid != a && ipOf(cid) != ipOf(a) {
				b = cid
			}
		}
		without := func(h map[string][]alloc.MessageQueue, cid string, q alloc.MessageQueue) map[string][]alloc.MessageQueue {
			out := map[string][]alloc.MessageQueue{}
			for k, v := range h {
				out[k] = slices.Clone(v)
			}
			out[cid] = slices.DeleteFunc(out[cid], func(x alloc.MessageQueue) bool { return x == q })
			return out
		}
		check := func(name string, in doctor.Input, status string, code doctor.Code) {
			t.Helper()
			rep, err := doctor.Diagnose(in)
			require.NoError(t, err, name)
			if f := finding(rep, doctor.CodeRouteViewDiffers); f != nil && name != "unknown owner" {
				// The planted queues are exactly what the member's own call
				// gives over another queue count: the same outputs as a
				// member whose route is out of date, which the doctor says.
				assert.Contains(t, f.Clients, ipOrCID(in, a), "%s\n%s", name, rep.Text())
				return
			}
			require.False(t, rep.OK, name)
			if status != "" {
				assert.Positive(t, statuses(rep, c.topic)[status], "%s: %v\n%s", name, statuses(rep, c.topic), rep.Text())
			}
			assert.Contains(t, codes(rep), code, "%s\n%s", name, rep.Text())
		}
		for _, withStatus := range []bool{true, false} {
			if b != "" {
				moved := without(hold, a, q)
				moved[b] = append(moved[b], q)
				check("move", c.input(moved, class, withStatus, ""), "wrong-owner", "WRONG_OWNER")
			}
			check("drop", c.input(without(hold, a, q), class, withStatus, ""), "unowned", "UNOWNED")
			unknown := without(hold, a, q)
			unknown["10.9.9.9@1"] = []alloc.MessageQueue{q}
			in := c.input(unknown, class, withStatus, "")
			check("unknown owner", in, "", "UNKNOWN_OWNER")
		}
		if b != "" {
			double := without(hold, a, q)
			double[a] = append(double[a], q)
			double[b] = append(double[b], q)
			check("double", c.input(double, class, true, ""), "double-owned", "DOUBLE_OWNED")
		}

		dup := *c
		dup.clients = append(slices.Clone(c.clients), c.clients[0])
		rep, err := doctor.Diagnose(dup.input(hold, class, false, ""))
		require.NoError(t, err)
		assert.Contains(t, codes(rep), doctor.Code("DUPLICATE_CLIENT_ID"))

		mixed := map[string]string{}
		for k, v := range class {
			mixed[k] = v
		}
		mixed[c.clients[1]] = classOf["CONSISTENT_HASH"]
		rep, err = doctor.Diagnose(c.input(hold, mixed, true, ""))
		require.NoError(t, err)
		assert.Contains(t, codes(rep), doctor.Code("MIXED_STRATEGIES"))

		lang := *c
		lang.langs = make([]string, len(c.clients))
		lang.langs[1] = "GO"
		rep, err = doctor.Diagnose(lang.input(hold, class, false, ""))
		require.NoError(t, err)
		assert.Contains(t, codes(rep), doctor.Code("MIXED_LANGUAGES"))
	}
}

func ipOf(cid string) string {
	for i := 0; i < len(cid); i++ {
		if cid[i] == '@' {
			return cid[:i]
		}
	}
	return cid
}

// ipOrCID is how the doctor names cid: its client ID with status files,
// else its IP.
func ipOrCID(in doctor.Input, cid string) string {
	if len(in.Status) > 0 {
		return cid
	}
	return ipOf(cid)
}
