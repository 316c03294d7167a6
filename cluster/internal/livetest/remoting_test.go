//go:build live

package livetest

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/rmqalloc/rmqalloc/alloc/route"
	"github.com/rmqalloc/rmqalloc/cluster/live"
)

// The few RocketMQ remoting requests the tests make themselves: they are
// answered in milliseconds, where each mqadmin call is a JVM start.
const (
	codeGetRouteInfoByTopic    = 105
	codeGetConsumerListByGroup = 38
	codeTopicNotExist          = 17
	codeGetMaxOffset           = 30
)

var opaque atomic.Int32

// request sends one request (cluster/live's frames: JSON header, no body)
// and returns the response's code, remark and body.
func request(addr string, code int, ext map[string]string) (int, string, []byte, error) {
	resp, err := requestCmd(addr, code, ext)
	if err != nil {
		return 0, "", nil, err
	}
	return resp.Code, resp.Remark, resp.Body, nil
}

// sendFrame sends one encoded request frame to addr and returns the
// frame that answers it (the transport of a live.Session driven here).
func sendFrame(addr string, frame []byte, within time.Duration) ([]byte, error) {
	conn, err := net.DialTimeout("tcp", addr, 3*time.Second)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(within))
	if _, err := conn.Write(frame); err != nil {
		return nil, err
	}
	var prefix [4]byte
	if _, err := io.ReadFull(conn, prefix[:]); err != nil {
		return nil, err
	}
	n, err := live.FrameLength(prefix[:])
	if err != nil {
		return nil, fmt.Errorf("%s: %w", addr, err)
	}
	out := make([]byte, n)
	copy(out, prefix[:])
	_, err = io.ReadFull(conn, out[4:])
	return out, err
}

// requestCmd sends one request and returns the whole response, waiting
// up to 15 s: a name server on a loaded machine has taken over 3 s to
// answer for minutes (CI), and a test's own read must outlast that.
func requestCmd(addr string, code int, ext map[string]string) (*live.Command, error) {
	return requestWithin(addr, code, ext, 15*time.Second)
}

// requestWithin is requestCmd with its own bound on the exchange.
func requestWithin(addr string, code int, ext map[string]string, within time.Duration) (*live.Command, error) {
	req := live.Command{Code: code, Language: "JAVA", Version: 399, Opaque: opaque.Add(1), ExtFields: ext}
	frame, err := sendFrame(addr, req.Encode(), within)
	if err != nil {
		return nil, err
	}
	resp, err := live.DecodeFrame(frame)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", addr, err)
	}
	return resp, nil
}

// maxOffset asks a broker for a queue's max offset (GET_MAX_OFFSET, the
// request behind the consumers' and mqadmin's offset reads): the number of
// messages the queue has stored since it was created.
func maxOffset(broker, topic string, queueID int32) (int64, error) {
	resp, err := requestCmd(broker, codeGetMaxOffset, map[string]string{"topic": topic, "queueId": strconv.Itoa(int(queueID))})
	if err != nil {
		return 0, err
	}
	if resp.Code != 0 {
		return 0, fmt.Errorf("max offset %s/%d on %s: code %d %s", topic, queueID, broker, resp.Code, resp.Remark)
	}
	return strconv.ParseInt(resp.ExtFields["offset"], 10, 64)
}

// topicRoute asks the name server for a topic's route; nil when the topic
// does not exist (yet).
func topicRoute(namesrv, topic string) (*route.Route, error) {
	code, remark, body, err := request(namesrv, codeGetRouteInfoByTopic, map[string]string{"topic": topic})
	if err != nil {
		return nil, err
	}
	if code == codeTopicNotExist {
		return nil, nil
	}
	if code != 0 {
		return nil, fmt.Errorf("topic route %s: code %d %s", topic, code, remark)
	}
	return route.Parse(string(body))
}

// consumerIDs asks a broker for the client IDs of a group, as the
// consumers' own rebalance does.
func consumerIDs(broker, group string) ([]string, error) {
	code, remark, body, err := request(broker, codeGetConsumerListByGroup, map[string]string{"consumerGroup": group})
	if err != nil {
		return nil, err
	}
	if code != 0 {
		return nil, fmt.Errorf("consumer list %s: code %d %s", group, code, remark)
	}
	var b struct {
		ConsumerIDList []string `json:"consumerIdList"`
	}
	if err := json.Unmarshal(body, &b); err != nil {
		return nil, fmt.Errorf("consumer list %s: %w", group, err)
	}
	return b.ConsumerIDList, nil
}
