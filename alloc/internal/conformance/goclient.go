package conformance

import (
	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
	"github.com/rmqalloc/rmqalloc/alloc/internal/wtf8json"
)

// The allocate op of profile go-client-2.1.2 (rocketmq-client-go v2.1.2).
// Per FORMAT.md: results carry no name; a null cid, or a null inside
// cidAll, is the Go client's ""; a null list is an empty one (CONFIG keeps
// its null list); a Go panic is {"error":"panic"}.
func init() { register("allocate", goAllocate, goclient.Client.Name()) }

// goAllocateCase is an allocate case as the go-client profile reads it.
type goAllocateCase struct {
	ID       string `json:"id"`
	Strategy struct {
		Name             string   `json:"name"`
		MessageQueueList []Queue  `json:"messageQueueList"`
		ConsumerIDCs     []string `json:"consumeridcs"`
		VirtualNodeCnt   *int     `json:"virtualNodeCnt"`
	} `json:"strategy"`
	Group       string    `json:"group"`
	MqAll       []Queue   `json:"mqAll"`
	CidAll      []*string `json:"cidAll"`
	CurrentCIDs []*string `json:"currentCIDs"`
	SortFirst   bool      `json:"sortFirst"`
}

type goAllocateResult struct {
	ID      string         `json:"id"`
	Results map[string]any `json:"results"`
}

func goAllocate(line []byte) (any, error) {
	var c goAllocateCase
	if err := wtf8json.Unmarshal(line, &c); err != nil {
		return nil, err
	}
	s, err := goStrategy(c)
	if err != nil {
		return nil, err
	}
	mqAll := toModel(c.MqAll)
	cidAll := make([]string, len(c.CidAll))
	for i, p := range c.CidAll {
		if p != nil {
			cidAll[i] = *p
		}
	}
	if c.SortFirst {
		_ = goclient.Client.SortQueues(mqAll) // never fails
		goclient.Client.SortClientIDs(cidAll)
	}
	return goAllocateResult{ID: c.ID, Results: answerEach(s, c.Group, c.CurrentCIDs, mqAll, cidAll)}, nil
}

// goStrategy builds the Go client's strategy of a case through
// goclient.Client.NewStrategy. NEARBY ignores its inner strategy and resolver, as
// the Go client has neither.
func goStrategy(c goAllocateCase) (alloc.Strategy, error) {
	sp := c.Strategy
	return goclient.Client.NewStrategy(alloc.StrategySpec{
		Name:                sp.Name,
		MessageQueueList:    toModel(sp.MessageQueueList),
		HasMessageQueueList: sp.MessageQueueList != nil,
		ConsumerIDCs:        sp.ConsumerIDCs,
		VirtualNodeCnt:      sp.VirtualNodeCnt,
	})
}
