package conformance

import (
	"fmt"
	"strconv"

	"github.com/rmqalloc/rmqalloc/alloc/internal/wtf8json"
	"github.com/rmqalloc/rmqalloc/alloc/producer"
)

// consistentHash and liteTopicQueue (FORMAT.md, broker-5.5.0): Guava's
// Hashing.consistentHash and the broker's lite topic placement.
func init() {
	register("consistentHash", consistentHash, "broker-5.5.0")
	register("liteTopicQueue", liteTopicQueue, "broker-5.5.0")
}

type consistentHashResult struct {
	ID      string `json:"id"`
	Buckets []int  `json:"buckets"`
	Also    []int  `json:"also,omitempty"`
}

func consistentHash(line []byte) (any, error) {
	var c struct {
		ID         string `json:"id"`
		Input      string `json:"input"`
		MaxBuckets int    `json:"maxBuckets"`
		Also       []int  `json:"also"`
	}
	if err := wtf8json.Unmarshal(line, &c); err != nil {
		return nil, err
	}
	input, err := strconv.ParseInt(c.Input, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("input: %v", err)
	}
	res := consistentHashResult{ID: c.ID}
	for n := 1; n <= c.MaxBuckets; n++ {
		b, err := producer.ConsistentHash(input, n)
		if err != nil {
			return failCase(c.ID, err), nil
		}
		res.Buckets = append(res.Buckets, b)
	}
	for _, n := range c.Also {
		b, err := producer.ConsistentHash(input, n)
		if err != nil {
			return failCase(c.ID, err), nil
		}
		res.Also = append(res.Also, b)
	}
	return res, nil
}

func liteTopicQueue(line []byte) (any, error) {
	var c struct {
		ID          string  `json:"id"`
		WriteQueues []Queue `json:"writeQueues"`
		LiteTopic   string  `json:"liteTopic"`
	}
	if err := wtf8json.Unmarshal(line, &c); err != nil {
		return nil, err
	}
	q, err := producer.LiteTopicQueue(toModel(c.WriteQueues), c.LiteTopic)
	if err != nil {
		return failCase(c.ID, err), nil
	}
	return oneQueueResult{ID: c.ID, Queue: Queue(q)}, nil
}
