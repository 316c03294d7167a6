package conformance

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"github.com/rmqalloc/rmqalloc/alloc/internal/wtf8json"
	"github.com/rmqalloc/rmqalloc/alloc/producer"
)

// selectHash (FORMAT.md): SelectMessageQueueByHash with a String, Integer
// or Long argument; the same in 4.9.3 and 5.3.3.
func init() {
	register("selectHash", selectHash, "java-4.9.3", "java-5.3.3")
}

func selectHash(line []byte) (any, error) {
	var c struct {
		ID  string  `json:"id"`
		Mqs []Queue `json:"mqs"`
		Arg struct {
			Type  string          `json:"type"`
			Value json.RawMessage `json:"value"`
		} `json:"arg"`
	}
	if err := wtf8json.Unmarshal(line, &c); err != nil {
		return nil, err
	}
	var key producer.HashKey
	switch c.Arg.Type {
	case "string":
		var s string
		if err := json.Unmarshal(c.Arg.Value, &s); err != nil {
			return nil, fmt.Errorf("arg.value: %v", err)
		}
		key = producer.StringKey(wtf8json.RestoreString(s)) // a lone surrogate hashes as its unit
	case "int":
		var v float64
		if err := json.Unmarshal(c.Arg.Value, &v); err != nil || v != math.Trunc(v) || v < math.MinInt32 || v > math.MaxInt32 {
			return nil, fmt.Errorf("arg.value: want an int32, got %s", c.Arg.Value)
		}
		key = producer.IntKey(int32(v))
	case "long":
		var s string
		if err := json.Unmarshal(c.Arg.Value, &s); err != nil {
			return nil, fmt.Errorf("arg.value: %v", err)
		}
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("arg.value: %v", err)
		}
		key = producer.LongKey(v)
	default:
		return nil, fmt.Errorf("arg.type %q: want string, int or long", c.Arg.Type)
	}
	q, err := producer.SelectHash(toModel(c.Mqs), key)
	if err != nil {
		return failCase(c.ID, err), nil
	}
	return oneQueueResult{ID: c.ID, Queue: Queue(q)}, nil
}
