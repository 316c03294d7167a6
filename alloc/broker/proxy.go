package broker

import (
	"strconv"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/route"
)

// gRPC status codes (apache.rocketmq.v2.Code) the proxy answers with.
const (
	// CodeForbidden: the route has no readable queue on a broker it knows.
	CodeForbidden = "FORBIDDEN"
	// CodeInternalServerError: the proxy threw; JavaClass says what.
	CodeInternalServerError = "INTERNAL_SERVER_ERROR"
)

// StatusError is a failed gRPC answer: Code is the status code, JavaClass
// the exception behind an INTERNAL_SERVER_ERROR ("" otherwise).
type StatusError struct {
	Code      string
	JavaClass string
	Message   string
}

func (e *StatusError) Error() string { return e.Code + ": " + e.Message }

// ProxyAssignment is the gRPC proxy's answer to QueryAssignment (5.x
// RouteActivity.queryAssignment) for topic's route. Every push consumer of
// the group gets this same list: the proxy allocates nothing, and the
// brokers hand out messages per receive call.
//
// For each queueData, in the route's order, that is readable (perm has 4)
// with readQueueNums > 0 and whose broker has a BrokerData (the last one of
// that name counts): one queue (topic, broker, -1); or, for a group
// configured orderly (FIFO), queues 0..readQueueNums-1. The list is
// returned in that order, duplicates included, as the proxy sends it.
//
// Failures, as the proxy reports them:
//   - nothing assigned: *StatusError FORBIDDEN "no readable queue";
//   - such a broker's BrokerData lacks a master (ID 0): the proxy builds a
//     queue with a null broker, and protobuf throws NullPointerException:
//     *StatusError INTERNAL_SERVER_ERROR;
//   - a broker ID outside int32 (Math.toIntExact): INTERNAL_SERVER_ERROR,
//     ArithmeticException;
//   - a brokerAddrs key that is not a decimal long: *alloc.Error
//     NumberFormatException (no route decoder would have accepted it).
//
// Example: broker-a (perm 6, 4 read queues, master), broker-b (perm 2,
// write only), broker-c (perm 4, 8 read queues, master) give
// [a/-1 c/-1]; for a FIFO group [a/0 … a/3 c/0 … c/7].
func ProxyAssignment(topic string, r *route.Route, orderly bool) ([]alloc.MessageQueue, error) {
	if r == nil {
		return nil, &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.NullPointerException, Field: "route", Msg: "route is null"}
	}
	hasMaster, err := brokerMasters(r)
	if err != nil {
		return nil, err
	}
	out := []alloc.MessageQueue{}
	for i, qd := range r.QueueDatas {
		if qd.Perm&route.PermRead == 0 || qd.ReadQueueNums <= 0 {
			continue
		}
		master, known := hasMaster[qd.BrokerName]
		if !known {
			continue
		}
		if !master {
			return nil, &StatusError{Code: CodeInternalServerError, JavaClass: alloc.NullPointerException,
				Message: "broker " + strconv.Quote(qd.BrokerName) + " (queueDatas[" + strconv.Itoa(i) + "]) has no master (broker ID 0) in brokerDatas"}
		}
		if !orderly {
			out = append(out, alloc.MessageQueue{Topic: topic, BrokerName: qd.BrokerName, QueueID: AllQueues})
			continue
		}
		if int64(len(out))+int64(qd.ReadQueueNums) > route.MaxQueues {
			return nil, &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.IllegalArgumentException,
				Field: "queueDatas[" + strconv.Itoa(i) + "].readQueueNums",
				Msg:   "the assignment would hold more than " + strconv.Itoa(route.MaxQueues) + " queues (this port's limit)"}
		}
		for id := int32(0); id < qd.ReadQueueNums; id++ {
			out = append(out, alloc.MessageQueue{Topic: topic, BrokerName: qd.BrokerName, QueueID: id})
		}
	}
	if len(out) == 0 {
		return nil, &StatusError{Code: CodeForbidden, Message: "no readable queue"}
	}
	return out, nil
}

// brokerMasters is the proxy's buildBrokerMap reduced to what the answer
// reads: per broker name (the last BrokerData of a name replaces earlier
// ones, as HashMap.put does), whether it has broker ID 0. Every ID of every
// BrokerData must fit an int (Math.toIntExact).
func brokerMasters(r *route.Route) (map[string]bool, error) {
	out := make(map[string]bool, len(r.BrokerDatas))
	for i, bd := range r.BrokerDatas {
		master := false
		for k := range bd.BrokerAddrs {
			id, ok := route.BrokerID(k)
			if !ok {
				return nil, &alloc.Error{Kind: alloc.ErrNumberFormat, JavaClass: alloc.NumberFormatException,
					Field: "brokerDatas[" + strconv.Itoa(i) + "].brokerAddrs",
					Msg:   "broker ID keys must be decimal integers: For input string: " + strconv.Quote(k)}
			}
			if id != int64(int32(id)) {
				return nil, &StatusError{Code: CodeInternalServerError, JavaClass: alloc.ArithmeticException,
					Message: "integer overflow: broker ID " + k + " of brokerDatas[" + strconv.Itoa(i) + "] does not fit an int"}
			}
			master = master || id == 0
		}
		out[bd.BrokerName] = master
	}
	return out, nil
}
