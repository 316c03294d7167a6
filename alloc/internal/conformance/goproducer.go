package conformance

import (
	"fmt"
	"math/rand"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
	"github.com/rmqalloc/rmqalloc/alloc/internal/wtf8json"
	"github.com/rmqalloc/rmqalloc/alloc/producer"
)

// goRouteToPublish and goSelect (FORMAT.md, go-client-2.1.2 producer):
// rocketmq-client-go v2.1.2's publish list and QueueSelectors.
func init() {
	register("goRouteToPublish", goRouteToPublish, goclient.Client.Name())
	register("goSelect", goSelect, goclient.Client.Name())
}

func goRouteToPublish(line []byte) (any, error) {
	c, err := readRouteCase(line)
	if err != nil {
		return nil, err
	}
	pub, err := producer.GoPublishQueues(c.Topic, &c.Route)
	if err != nil {
		return failCase(c.ID, err), nil
	}
	if pub == nil {
		pub = []alloc.MessageQueue{}
	}
	return struct {
		ID      string  `json:"id"`
		Publish []Queue `json:"publish"`
	}{c.ID, fromModel(pub)}, nil
}

type goSelectStep struct {
	Topic          string  `json:"topic"`
	Mqs            []Queue `json:"mqs"`
	LastBrokerName string  `json:"lastBrokerName"`
	ShardingKey    string  `json:"shardingKey"`
	Queue          *Queue  `json:"queue"`
}

func goSelect(line []byte) (any, error) {
	var c struct {
		ID         string            `json:"id"`
		Selector   string            `json:"selector"`
		Seed       int64             `json:"seed,string"`
		StartIndex map[string]uint32 `json:"startIndex"`
		Mqs        []Queue           `json:"mqs"`
		Steps      []goSelectStep    `json:"steps"`
	}
	if err := wtf8json.Unmarshal(line, &c); err != nil {
		return nil, err
	}
	rr := producer.NewGoRoundRobin()
	for t, v := range c.StartIndex {
		rr.SetIndex(t, v)
	}
	// Two sources of one seed, as the client's random and hash selectors each have their own.
	random := producer.NewGoRandom(rand.New(rand.NewSource(c.Seed)))
	hash := producer.NewGoHash(rand.New(rand.NewSource(c.Seed)))
	got := []*Queue{}
	for _, st := range c.Steps {
		mqs := toModel(c.Mqs)
		if st.Mqs != nil {
			mqs = toModel(st.Mqs)
		}
		var q alloc.MessageQueue
		var err error
		switch c.Selector {
		case "roundRobin":
			q, err = rr.Select(st.Topic, mqs, st.LastBrokerName)
		case "random":
			q, err = random.Select(mqs)
		case "hash":
			q, err = hash.Select(mqs, st.ShardingKey)
		case "manual": // the queue set on the message, whatever the list
			got = append(got, st.Queue)
			continue
		default:
			return nil, fmt.Errorf("unknown selector %q", c.Selector)
		}
		if err != nil {
			return failCase(c.ID, err), nil
		}
		w := Queue(q)
		got = append(got, &w)
	}
	return struct {
		ID     string   `json:"id"`
		Queues []*Queue `json:"queues"`
	}{c.ID, got}, nil
}
