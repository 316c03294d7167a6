package clientgo_test

import (
	"bufio"
	"encoding/json"
	"math/rand/v2"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/apache/rocketmq-client-go/v2/primitive"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/clientgo"
)

// The real Java clients' recorded results (the main module's testdata):
// every case with sortFirst (what a rebalance does) must come out of
// clientgo.Java exactly, although the queues and client IDs arrive in the
// Go client's order (bytes) or shuffled.

type jsonQueue [3]any

type specJSON struct {
	Name             string       `json:"name"`
	MessageQueueList *[]jsonQueue `json:"messageQueueList"`
	ConsumerIDCs     []string     `json:"consumeridcs"`
	VirtualNodeCnt   *int         `json:"virtualNodeCnt"`
	Inner            *specJSON    `json:"inner"`
	Resolver         *struct {
		Sep           string `json:"sep"`
		BrokerField   int    `json:"brokerField"`
		ConsumerField int    `json:"consumerField"`
	} `json:"resolver"`
}

type caseJSON struct {
	ID          string      `json:"id"`
	Strategy    specJSON    `json:"strategy"`
	Group       string      `json:"group"`
	MqAll       []jsonQueue `json:"mqAll"`
	CidAll      []*string   `json:"cidAll"`
	CurrentCIDs []*string   `json:"currentCIDs"`
	SortFirst   bool        `json:"sortFirst"`
}

type resultJSON struct {
	ID      string `json:"id"`
	Error   string `json:"error"`
	Results map[string]struct {
		Queues *[]jsonQueue `json:"queues"`
		Error  string       `json:"error"`
	} `json:"results"`
}

func toQueue(q jsonQueue) alloc.MessageQueue {
	return alloc.MessageQueue{Topic: q[0].(string), BrokerName: q[1].(string), QueueID: int32(q[2].(float64))}
}

func toSpec(s specJSON) alloc.StrategySpec {
	out := alloc.StrategySpec{Name: s.Name, ConsumerIDCs: s.ConsumerIDCs, VirtualNodeCnt: s.VirtualNodeCnt}
	if s.MessageQueueList != nil {
		out.HasMessageQueueList = true
		out.MessageQueueList = []alloc.MessageQueue{}
		for _, q := range *s.MessageQueueList {
			out.MessageQueueList = append(out.MessageQueueList, toQueue(q))
		}
	}
	if s.Inner != nil {
		in := toSpec(*s.Inner)
		out.Inner = &in
	}
	if s.Resolver != nil {
		out.Resolver = &alloc.SplitResolverSpec{Sep: s.Resolver.Sep, BrokerField: s.Resolver.BrokerField, ConsumerField: s.Resolver.ConsumerField}
	}
	return out
}

func readLines[T any](t *testing.T, path string) []T {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		var v T
		require.NoError(t, json.Unmarshal(sc.Bytes(), &v), path)
		out = append(out, v)
	}
	require.NoError(t, sc.Err())
	return out
}

// goOrder sorts as rocketmq-client-go v2.1.2's rebalance does before it
// calls the strategy: client IDs by bytes, queues by topic, broker (bytes)
// and queue ID.
func goOrder(mqs []*primitive.MessageQueue, cids []string) {
	sort.Strings(cids)
	sort.SliceStable(mqs, func(i, j int) bool {
		if v := strings.Compare(mqs[i].Topic, mqs[j].Topic); v != 0 {
			return v < 0
		}
		if v := strings.Compare(mqs[i].BrokerName, mqs[j].BrokerName); v != 0 {
			return v < 0
		}
		return mqs[i].QueueId-mqs[j].QueueId < 0
	})
}

func TestJavaVectors(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 25))
	for _, profile := range []struct {
		dir     string
		version alloc.JavaClient
	}{{"java-4.9.3", alloc.Java493}, {"java-5.3.3", alloc.Java533}} {
		cases := readLines[caseJSON](t, "../testdata/"+profile.dir+"/alloc.cases.jsonl")
		results := readLines[resultJSON](t, "../testdata/"+profile.dir+"/alloc.results.jsonl")
		require.Len(t, results, len(cases))
		checked := 0
		for k, c := range cases {
			res := results[k]
			require.Equal(t, c.ID, res.ID)
			if !c.SortFirst || c.MqAll == nil || c.CidAll == nil || res.Error != "" || strings.Contains(c.ID, "nullmember") {
				continue // only what a rebalance can pass: sorted, non-null lists
			}
			s, err := profile.version.NewStrategy(toSpec(c.Strategy))
			require.NoError(t, err, c.ID)
			strategy := clientgo.Java(s)
			cids := make([]string, len(c.CidAll))
			for i, id := range c.CidAll {
				cids[i] = *id
			}
			for _, cur := range c.CurrentCIDs {
				if cur == nil {
					continue
				}
				want := res.Results[*cur]
				for round := range 2 {
					mqs := make([]*primitive.MessageQueue, len(c.MqAll))
					for i, q := range c.MqAll {
						aq := toQueue(q)
						mqs[i] = &primitive.MessageQueue{Topic: aq.Topic, BrokerName: aq.BrokerName, QueueId: int(aq.QueueID)}
					}
					ids := append([]string{}, cids...)
					if round == 0 {
						goOrder(mqs, ids)
					} else {
						r.Shuffle(len(mqs), func(i, j int) { mqs[i], mqs[j] = mqs[j], mqs[i] })
						r.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
					}
					got := strategy(c.Group, *cur, mqs, ids)
					if want.Error != "" || want.Queues == nil {
						assert.Nil(t, got, "%s %s: Java answered %s", c.ID, *cur, want.Error)
						continue
					}
					gotQ := []alloc.MessageQueue{}
					for _, q := range got {
						gotQ = append(gotQ, alloc.MessageQueue{Topic: q.Topic, BrokerName: q.BrokerName, QueueID: int32(q.QueueId)})
					}
					wantQ := []alloc.MessageQueue{}
					for _, q := range *want.Queues {
						wantQ = append(wantQ, toQueue(q))
					}
					assert.Equal(t, wantQ, gotQ, "%s %s", c.ID, *cur)
				}
				checked++
			}
		}
		assert.Greater(t, checked, 400, profile.dir)
		t.Logf("%s: %d (case, consumer) results checked", profile.dir, checked)
	}
}
