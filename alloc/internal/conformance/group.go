package conformance

import (
	"encoding/json"

	"github.com/rmqalloc/rmqalloc/alloc/internal/wtf8json"
	"github.com/rmqalloc/rmqalloc/alloc/producer"
)

// selectMessageGroup (FORMAT.md) for the RocketMQ 5 gRPC clients: the
// queue a message group maps to. grpc-java results also carry the hash and
// index (not compared, emitted for debugging).
func init() {
	register("selectMessageGroup", selectMessageGroup(producer.GroupJava), "grpc-java")
	register("selectMessageGroup", selectMessageGroup(producer.GroupNodeJS1_0_8), "grpc-nodejs-1.0.8")
}

func selectMessageGroup(client producer.GroupClient) handler {
	return func(line []byte) (any, error) {
		var c struct {
			ID           string  `json:"id"`
			Mqs          []Queue `json:"mqs"`
			MessageGroup string  `json:"messageGroup"`
		}
		if err := wtf8json.Unmarshal(line, &c); err != nil {
			return nil, err
		}
		mqs := toModel(c.Mqs)
		i, err := producer.MessageGroupIndex(c.MessageGroup, len(mqs), client)
		if err != nil {
			return failCase(c.ID, err), nil
		}
		return struct {
			ID    string `json:"id"`
			Queue Queue  `json:"queue"`
			Hash  string `json:"hash"`
			Index int    `json:"index"`
		}{c.ID, Queue(mqs[i]), formatSigned(producer.MessageGroupHash(c.MessageGroup)), i}, nil
	}
}

func formatSigned(h uint64) string {
	b, _ := json.Marshal(int64(h))
	return string(b)
}
