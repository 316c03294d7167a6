package conformance

import (
	"github.com/rmqalloc/rmqalloc/alloc/internal/wtf8json"
	"github.com/rmqalloc/rmqalloc/alloc/producer"
)

// takeMessageQueues (FORMAT.md, golang-5.1.4 and golang-5.1.4-fixed): the
// Go gRPC client's publishing load balancer.
func init() {
	register("takeMessageQueues", takeFor(producer.BalancerGo514), "golang-5.1.4")
	register("takeMessageQueues", takeFor(producer.BalancerGoFixed), "golang-5.1.4-fixed")
}

func takeFor(client producer.BalancerClient) handler {
	return func(line []byte) (any, error) {
		var c struct {
			ID         string                        `json:"id"`
			Mqs        []Queue                       `json:"mqs"`
			Endpoints  map[string]producer.Endpoints `json:"endpoints"`
			StartIndex int32                         `json:"startIndex"`
			Steps      []struct {
				Isolated []string `json:"isolated"`
				Count    int      `json:"count"`
			} `json:"steps"`
		}
		if err := wtf8json.Unmarshal(line, &c); err != nil {
			return nil, err
		}
		b, err := producer.NewPublishingBalancer(client, toModel(c.Mqs), c.Endpoints, c.StartIndex)
		if err != nil {
			return failCase(c.ID, err), nil
		}
		steps := [][]Queue{}
		for _, st := range c.Steps {
			// Each isolated address stands alone, as the Go producer stores them.
			iso := make([]producer.Endpoints, len(st.Isolated))
			for i, a := range st.Isolated {
				iso[i] = producer.Endpoints{a}
			}
			qs := fromModel(b.Take(iso, st.Count))
			if qs == nil {
				qs = []Queue{}
			}
			steps = append(steps, qs)
		}
		return struct {
			ID    string    `json:"id"`
			Steps [][]Queue `json:"steps"`
		}{c.ID, steps}, nil
	}
}
