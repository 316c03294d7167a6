package conformance

import (
	"github.com/rmqalloc/rmqalloc/alloc/internal/wtf8json"
	"github.com/rmqalloc/rmqalloc/alloc/producer"
)

// selectRoundRobin (FORMAT.md): latency fault tolerance off, one select
// per step, from startIndex.
func init() {
	register("selectRoundRobin", selectRoundRobin(producer.Version4_9_3), "java-4.9.3")
	register("selectRoundRobin", selectRoundRobin(producer.Version5_3_3), "java-5.3.3")
}

func selectRoundRobin(v producer.Version) handler {
	return func(line []byte) (any, error) {
		var c selectCase
		if err := wtf8json.Unmarshal(line, &c); err != nil {
			return nil, err
		}
		p, err := producer.New(toModel(c.Mqs), producer.Options{Version: v, StartIndex: &c.StartIndex})
		if err != nil {
			return nil, err
		}
		out := stepQueuesResult{ID: c.ID, Queues: []Queue{}}
		for _, s := range c.Steps {
			q, err := p.Select(s.attempt())
			if err != nil {
				return failCase(c.ID, err), nil
			}
			out.Queues = append(out.Queues, Queue(q))
		}
		return out, nil
	}
}
