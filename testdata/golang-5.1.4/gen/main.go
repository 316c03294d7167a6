// Command gen writes takeMessageQueues cases and the results of the real
// rocketmq-clients golang/v5 publishing load balancer
// (NewPublishingLoadBalancer + TakeMessageQueues) into the folder given.
// gen.sh runs it twice: on v5.1.4 as released, and on v5.1.4 with the fix of
// apache/rocketmq-clients #1324 applied.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	golang "github.com/apache/rocketmq-clients/golang/v5"
	v2 "github.com/apache/rocketmq-clients/golang/v5/protocol/v2"
	"go.uber.org/atomic"
)

type queue [3]any

type step struct {
	Isolated []string `json:"isolated"`
	Count    int      `json:"count"`
}

type takeCase struct {
	ID         string              `json:"id"`
	Op         string              `json:"op"`
	Mqs        []queue             `json:"mqs"`
	Endpoints  map[string][]string `json:"endpoints"`
	StartIndex int32               `json:"startIndex"`
	Steps      []step              `json:"steps"`
}

func protoQueues(c takeCase) []*v2.MessageQueue {
	var out []*v2.MessageQueue
	for _, q := range c.Mqs {
		b := q[1].(string)
		ep := &v2.Endpoints{Scheme: v2.AddressScheme_IPv4}
		for _, a := range c.Endpoints[b] {
			i := strings.LastIndex(a, ":")
			port, _ := strconv.Atoi(a[i+1:])
			ep.Addresses = append(ep.Addresses, &v2.Address{Host: a[:i], Port: int32(port)})
		}
		out = append(out, &v2.MessageQueue{
			Topic:      &v2.Resource{Name: q[0].(string)},
			Id:         int32(q[2].(int)),
			Permission: v2.Permission_READ_WRITE,
			Broker:     &v2.Broker{Name: b, Id: 0, Endpoints: ep},
		})
	}
	return out
}

// setIndex sets the balancer's unexported round-robin index (the value
// before TakeMessageQueues increments it).
func setIndex(plb golang.PublishingLoadBalancer, v int32) {
	f := reflect.ValueOf(plb).Elem().FieldByName("index")
	(*atomic.Int32)(unsafe.Pointer(f.UnsafeAddr())).Store(v)
}

func run(c takeCase) map[string]any {
	plb, err := golang.NewPublishingLoadBalancer(protoQueues(c))
	if err != nil {
		return map[string]any{"error": "error", "message": err.Error()}
	}
	setIndex(plb, c.StartIndex)
	steps := []any{}
	for _, st := range c.Steps {
		var excluded sync.Map
		for _, a := range st.Isolated {
			excluded.Store(a, true)
		}
		got, err := plb.TakeMessageQueues(&excluded, st.Count)
		if err != nil {
			return map[string]any{"error": "error", "message": err.Error()}
		}
		qs := []any{}
		for _, m := range got {
			qs = append(qs, queue{m.Topic.Name, m.Broker.Name, int(m.Id)})
		}
		steps = append(steps, qs)
	}
	return map[string]any{"steps": steps}
}

var brokers = []string{"broker-a", "broker-b", "broker-c", "broker-d", "broker-e"}

func main() {
	dir := os.Args[1]
	cf, _ := os.Create(filepath.Join(dir, "take.cases.jsonl"))
	rf, _ := os.Create(filepath.Join(dir, "take.results.jsonl"))
	cw, rw := bufio.NewWriter(cf), bufio.NewWriter(rf)
	r := rand.New(rand.NewSource(5014))
	starts := []int32{0, 1, 2, 7, -1, -2, 2147483647, 2147483646, -2147483648}
	for i := 0; i < 300; i++ {
		c := takeCase{ID: fmt.Sprintf("take-%d", i), Op: "takeMessageQueues", Endpoints: map[string][]string{}}
		nb := 1 + r.Intn(5)
		for b := 0; b < nb; b++ {
			var addrs []string
			for k := 0; k < 1+r.Intn(2); k++ {
				addrs = append(addrs, fmt.Sprintf("10.0.%d.%d:8081", b, k))
			}
			if r.Intn(10) != 0 {
				c.Endpoints[brokers[b]] = addrs
			}
			for q := 0; q < r.Intn(6); q++ {
				c.Mqs = append(c.Mqs, queue{"T", brokers[b], q})
			}
		}
		if r.Intn(3) == 0 { // interleaved, as a route may list them
			r.Shuffle(len(c.Mqs), func(a, b int) { c.Mqs[a], c.Mqs[b] = c.Mqs[b], c.Mqs[a] })
		}
		if c.Mqs == nil {
			c.Mqs = []queue{} // no route queues: the balancer's own error
		}
		if r.Intn(4) == 0 {
			c.StartIndex = starts[r.Intn(len(starts))]
		} else {
			c.StartIndex = int32(r.Intn(100))
		}
		for k := 0; k < 1+r.Intn(8); k++ {
			st := step{Count: []int{1, 2, 3, 3, 3, 5, 0}[r.Intn(7)], Isolated: []string{}}
			for b := 0; b < nb; b++ {
				if r.Intn(3) == 0 {
					st.Isolated = append(st.Isolated, fmt.Sprintf("10.0.%d.%d:8081", b, r.Intn(2)))
				}
			}
			if r.Intn(8) == 0 { // every broker isolated: the fallback pass
				st.Isolated = st.Isolated[:0]
				for b := 0; b < nb; b++ {
					st.Isolated = append(st.Isolated, fmt.Sprintf("10.0.%d.0:8081", b))
				}
			}
			c.Steps = append(c.Steps, st)
		}
		b, _ := json.Marshal(c)
		cw.Write(append(b, '\n'))
		res := run(c)
		res["id"] = c.ID
		b, _ = json.Marshal(res)
		rw.Write(append(b, '\n'))
	}
	cw.Flush()
	rw.Flush()
}
