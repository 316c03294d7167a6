package goclient

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// vectorCase is the part of a go-client-2.1.2 allocate case the fuzz
// target reuses as a seed.
type vectorCase struct {
	Strategy struct {
		Name           string   `json:"name"`
		ConsumerIDCs   []string `json:"consumeridcs"`
		VirtualNodeCnt *int     `json:"virtualNodeCnt"`
	} `json:"strategy"`
	MqAll  [][3]any  `json:"mqAll"`
	CidAll []*string `json:"cidAll"`
}

func loadVectorCases(tb testing.TB) []vectorCase {
	f, err := os.Open("../../testdata/go-client-2.1.2/alloc.cases.jsonl")
	if err != nil {
		tb.Skip("vectors not found:", err)
	}
	defer f.Close()
	var out []vectorCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var c vectorCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			tb.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}

func (c vectorCase) inputs() ([]alloc.MessageQueue, []string) {
	var qs []alloc.MessageQueue
	for _, q := range c.MqAll {
		t, _ := q[0].(string)
		b, _ := q[1].(string)
		id, _ := q[2].(float64)
		qs = append(qs, alloc.MessageQueue{Topic: t, BrokerName: b, QueueID: int32(id)})
	}
	cids := make([]string, len(c.CidAll))
	for i, p := range c.CidAll {
		if p != nil {
			cids[i] = *p
		}
	}
	return qs, cids
}

// FuzzVectorInputs starts from every vector case's inputs, lets the fuzzer
// drop, repeat and rename queues and members, and checks that nothing
// panics and that the whole-group computation equals the per-member calls.
func FuzzVectorInputs(f *testing.F) {
	cases := loadVectorCases(f)
	for i := range cases {
		f.Add(i, []byte{}, "")
	}
	f.Fuzz(func(t *testing.T, i int, edits []byte, extra string) {
		if len(cases) == 0 {
			return
		}
		c := cases[((i%len(cases))+len(cases))%len(cases)]
		qs, cids := c.inputs()
		for _, e := range edits {
			switch {
			case e%4 == 0 && len(qs) > 0:
				qs = qs[:len(qs)-1]
			case e%4 == 1 && len(cids) > 0:
				cids = append(cids, cids[int(e)%len(cids)])
			case e%4 == 2:
				cids = append(cids, extra)
			case e%4 == 3:
				qs = append(qs, alloc.MessageQueue{Topic: "T", BrokerName: extra, QueueID: int32(e)})
			}
		}
		vn := DefaultVirtualNodeCnt
		if c.Strategy.VirtualNodeCnt != nil {
			vn = *c.Strategy.VirtualNodeCnt
		}
		s, err := Client.NewStrategy(alloc.StrategySpec{Name: c.Strategy.Name, ConsumerIDCs: c.Strategy.ConsumerIDCs, VirtualNodeCnt: &vn})
		require.NoError(t, err)
		groupMatchesEach(t, s.(Strategy), qs, cids)
		_ = Client.SortQueues(qs)
		Client.SortClientIDs(cids)
		groupMatchesEach(t, s.(Strategy), qs, cids)
	})
}
