package conformance

import (
	"fmt"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/internal/wtf8json"
	"github.com/rmqalloc/rmqalloc/alloc/producer"
)

// selectLatency (FORMAT.md): latency fault tolerance on, update and select
// steps against a fake clock set to each step's "at".
func init() {
	register("selectLatency", selectLatency(alloc.Java493), alloc.Java493.Name())
	register("selectLatency", selectLatency(alloc.Java533), alloc.Java533.Name())
}

func selectLatency(v alloc.JavaClient) handler {
	return func(line []byte) (any, error) {
		var c selectCase
		if err := wtf8json.Unmarshal(line, &c); err != nil {
			return nil, err
		}
		var now int64
		resets := 0
		var resetErr error
		p, err := producer.New(toModel(c.Mqs), producer.Options{
			Client:                v,
			LatencyFaultTolerance: true,
			Clock:                 func() int64 { return now },
			StartIndex:            &c.StartIndex,
			WorstStartIndex:       &c.WorstStartIndex,
			QueueDatas:            c.QueueDatas,
			ResetValue: func() int32 {
				if resets >= len(c.ResetValues) {
					resetErr = fmt.Errorf("case has %d resetValues but needs more", len(c.ResetValues))
					return 0
				}
				resets++
				return c.ResetValues[resets-1]
			},
		})
		if err != nil {
			return nil, err
		}
		out := stepQueuesResult{ID: c.ID, Queues: []Queue{}}
		for i, s := range c.Steps {
			now = s.At
			switch s.Do {
			case "update":
				p.Update(s.Broker, producer.Outcome{Latency: s.Latency, Isolation: s.Isolation, Unreachable: s.Reachable != nil && !*s.Reachable})
			case "select":
				q, err := p.Select(s.attempt())
				if resetErr != nil {
					return nil, resetErr
				}
				if err != nil {
					return failCase(c.ID, err), nil
				}
				out.Queues = append(out.Queues, Queue(q))
			default:
				return nil, fmt.Errorf("steps[%d].do %q: want update or select", i, s.Do)
			}
		}
		return out, nil
	}
}
