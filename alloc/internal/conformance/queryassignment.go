package conformance

import (
	"fmt"

	"github.com/rmqalloc/rmqalloc/alloc/broker"
	"github.com/rmqalloc/rmqalloc/alloc/internal/wtf8json"
)

// queryAssignment (FORMAT.md, broker-5.3.3): the broker's answer to each
// client ID, as 5.3.3's QueryAssignmentProcessor computes it.
func init() {
	register("queryAssignment", queryAssignment, "broker-5.3.3")
}

type modeSetting struct {
	Mode             string `json:"mode"`
	PopShareQueueNum int32  `json:"popShareQueueNum"`
}

type assignmentResult struct {
	Mode   string  `json:"mode"`
	Queues []Queue `json:"queues"`
}

func queryAssignment(line []byte) (any, error) {
	var c struct {
		ID                            string       `json:"id"`
		Topic                         string       `json:"topic"`
		Group                         string       `json:"group"`
		MessageModel                  string       `json:"messageModel"`
		StrategyName                  string       `json:"strategyName"`
		ServerLoadBalancerEnable      bool         `json:"serverLoadBalancerEnable"`
		BrokerDefaultMode             string       `json:"brokerDefaultMode"`
		BrokerDefaultPopShareQueueNum int32        `json:"brokerDefaultPopShareQueueNum"`
		ConfiguredMode                *modeSetting `json:"configuredMode"`
		MqAll                         []Queue      `json:"mqAll"`
		CidAll                        []string     `json:"cidAll"`
		ClientIDs                     []string     `json:"clientIds"`
	}
	if err := wtf8json.Unmarshal(line, &c); err != nil {
		return nil, err
	}
	req := broker.Request{
		Topic: c.Topic, ConsumerGroup: c.Group, StrategyName: c.StrategyName,
		Broker: broker.BrokerConfig{DefaultPopShareQueueNum: c.BrokerDefaultPopShareQueueNum, ServerLoadBalancerEnable: c.ServerLoadBalancerEnable},
		MqAll:  toModel(c.MqAll), CidAll: c.CidAll,
	}
	var err error
	if req.MessageModel, err = messageModel(c.MessageModel); err != nil {
		return nil, err
	}
	if req.Broker.DefaultMessageRequestMode, err = mode(c.BrokerDefaultMode, "brokerDefaultMode"); err != nil {
		return nil, err
	}
	if c.ConfiguredMode != nil {
		m, err := mode(c.ConfiguredMode.Mode, "configuredMode.mode")
		if err != nil {
			return nil, err
		}
		req.Configured = &broker.ModeSetting{Mode: m, PopShareQueueNum: c.ConfiguredMode.PopShareQueueNum}
	}
	answers := broker.QueryAssignments(req, c.ClientIDs)
	results := make(map[string]assignmentResult, len(answers))
	for i, a := range answers {
		results[c.ClientIDs[i]] = assignmentResult{Mode: a.Mode.String(), Queues: fromModel(a.Queues)}
	}
	return struct {
		ID      string                      `json:"id"`
		Results map[string]assignmentResult `json:"results"`
	}{c.ID, results}, nil
}

func mode(s, field string) (broker.Mode, error) {
	switch s {
	case "PULL":
		return broker.Pull, nil
	case "POP":
		return broker.Pop, nil
	}
	return 0, fmt.Errorf("%s must be PULL or POP, got %q", field, s)
}

func messageModel(s string) (broker.MessageModel, error) {
	switch s {
	case "CLUSTERING":
		return broker.Clustering, nil
	case "BROADCASTING":
		return broker.Broadcasting, nil
	}
	return 0, fmt.Errorf("messageModel must be CLUSTERING or BROADCASTING, got %q", s)
}
