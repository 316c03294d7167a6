package conformance

import (
	"encoding/json"
	"fmt"
	"math"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// Queue is a message queue on the wire: ["topic","brokerName",queueId].
type Queue alloc.MessageQueue

func (q *Queue) UnmarshalJSON(b []byte) error {
	var raw [3]json.RawMessage
	var parts []json.RawMessage
	if err := json.Unmarshal(b, &parts); err != nil || len(parts) != 3 {
		return fmt.Errorf("a queue must be [topic, brokerName, queueId], got %s", b)
	}
	copy(raw[:], parts)
	var id float64
	if err := json.Unmarshal(raw[0], &q.Topic); err != nil {
		return fmt.Errorf("queue topic: %w", err)
	}
	if err := json.Unmarshal(raw[1], &q.BrokerName); err != nil {
		return fmt.Errorf("queue brokerName: %w", err)
	}
	if err := json.Unmarshal(raw[2], &id); err != nil || id != math.Trunc(id) || id < math.MinInt32 || id > math.MaxInt32 {
		return fmt.Errorf("queue queueId must be an int32, got %s", raw[2])
	}
	q.QueueID = int32(id)
	return nil
}

func (q Queue) MarshalJSON() ([]byte, error) {
	return json.Marshal([]any{q.Topic, q.BrokerName, q.QueueID})
}

// Queues converts wire queues to the model, keeping nil as nil.
func toModel(qs []Queue) []alloc.MessageQueue {
	if qs == nil {
		return nil
	}
	out := make([]alloc.MessageQueue, len(qs))
	for i, q := range qs {
		out[i] = alloc.MessageQueue(q)
	}
	return out
}

// fromModel converts model queues to the wire, keeping nil as nil.
func fromModel(qs []alloc.MessageQueue) []Queue {
	if qs == nil {
		return nil
	}
	out := make([]Queue, len(qs))
	for i, q := range qs {
		out[i] = Queue(q)
	}
	return out
}

// errorResult is the wire form of an exception: {"error":Class,"message":...}.
type errorResult struct {
	Error   string `json:"error"`
	Message string `json:"message"`
}

// errorOf maps an error to its Java class on the wire. Errors that are not
// ours (they should not happen) keep their Go text so a diff shows them.
func errorOf(err error) errorResult {
	class := alloc.JavaClassOf(err)
	if class == "" {
		class = "GoError"
	}
	return errorResult{Error: class, Message: err.Error()}
}
