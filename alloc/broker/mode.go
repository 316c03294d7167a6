package broker

import "strings"

// Mode is how a consumer reads a queue the broker assigned: Java's
// MessageRequestMode.
type Mode int8

const (
	// Pull: the consumer owns its queues and pulls them (the classic way).
	Pull Mode = iota
	// Pop: queues are shared; the broker hands out messages per pop call.
	Pop
)

// String is the Java enum name, "PULL" or "POP".
func (m Mode) String() string {
	if m == Pop {
		return "POP"
	}
	return "PULL"
}

// MessageModel is Java's MessageModel.
type MessageModel int8

const (
	// Clustering: each message goes to one consumer of the group (the default).
	Clustering MessageModel = iota
	// Broadcasting: every consumer reads every queue.
	Broadcasting
)

// String is the Java enum name, "CLUSTERING" or "BROADCASTING".
func (m MessageModel) String() string {
	if m == Broadcasting {
		return "BROADCASTING"
	}
	return "CLUSTERING"
}

// ModeSetting is what `mqadmin setConsumeMode` stores for a topic and group
// (Java's SetMessageRequestModeRequestBody).
type ModeSetting struct {
	Mode             Mode
	PopShareQueueNum int32
}

// BrokerConfig holds the broker settings the assignment reads.
type BrokerConfig struct {
	// DefaultMessageRequestMode applies when nothing was set for the topic
	// and group (PULL unless configured).
	DefaultMessageRequestMode Mode
	// DefaultPopShareQueueNum comes with a POP default (-1 unless configured).
	DefaultPopShareQueueNum int32
	// ServerLoadBalancerEnable false makes the broker hand every consumer
	// the whole subscribe set.
	ServerLoadBalancerEnable bool
}

// DefaultBrokerConfig is a 5.3.3 broker's out-of-the-box configuration:
// PULL, popShareQueueNum -1, load balancing on.
func DefaultBrokerConfig() BrokerConfig {
	return BrokerConfig{DefaultMessageRequestMode: Pull, DefaultPopShareQueueNum: -1, ServerLoadBalancerEnable: true}
}

// RetryTopicPrefix starts every retry topic ("%RETRY%" + group): the broker
// always serves those in PULL mode unless a mode was set for them.
const RetryTopicPrefix = "%RETRY%"

// ResolveMode is the mode the broker answers with, and the share count it
// uses in POP mode:
//
//  1. what `mqadmin setConsumeMode` set for (topic, group), if anything;
//  2. else PULL for a retry topic;
//  3. else the broker's default mode, with its default share count when
//     that mode is POP (0, unused, for PULL).
//
// Example: topic "%RETRY%g1" on a broker whose default is POP gives PULL;
// topic "orders" on the same broker gives POP with DefaultPopShareQueueNum.
func ResolveMode(topic string, configured *ModeSetting, b BrokerConfig) ModeSetting {
	if configured != nil {
		return *configured
	}
	if strings.HasPrefix(topic, RetryTopicPrefix) {
		return ModeSetting{Mode: Pull}
	}
	if b.DefaultMessageRequestMode == Pop {
		return ModeSetting{Mode: Pop, PopShareQueueNum: b.DefaultPopShareQueueNum}
	}
	return ModeSetting{Mode: Pull}
}
