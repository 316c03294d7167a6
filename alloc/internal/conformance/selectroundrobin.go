package conformance

import (
	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/internal/wtf8json"
	"github.com/rmqalloc/rmqalloc/alloc/producer"
)

// selectRoundRobin (FORMAT.md): latency fault tolerance off, one select
// per step, from startIndex.
func init() {
	register("selectRoundRobin", selectRoundRobin(alloc.Java493), alloc.Java493.Name())
	register("selectRoundRobin", selectRoundRobin(alloc.Java533), alloc.Java533.Name())
}

func selectRoundRobin(v alloc.JavaClient) handler {
	return func(line []byte) (any, error) {
		var c selectCase
		if err := wtf8json.Unmarshal(line, &c); err != nil {
			return nil, err
		}
		p, err := producer.New(toModel(c.Mqs), producer.Options{Client: v, StartIndex: &c.StartIndex})
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
