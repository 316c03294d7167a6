//go:build live

package livetest

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"sync/atomic"
	"time"

	"github.com/rmqalloc/rmqalloc/alloc/route"
)

// The few RocketMQ remoting requests the tests make themselves: they are
// answered in milliseconds, where each mqadmin call is a JVM start.
const (
	codeGetRouteInfoByTopic    = 105
	codeGetConsumerListByGroup = 38
	codeTopicNotExist          = 17
)

var opaque atomic.Int32

type remotingHeader struct {
	Code      int               `json:"code"`
	Language  string            `json:"language"`
	Version   int               `json:"version"`
	Opaque    int32             `json:"opaque"`
	Flag      int               `json:"flag"`
	Remark    string            `json:"remark,omitempty"`
	ExtFields map[string]string `json:"extFields,omitempty"`
}

// request sends one request (JSON header, no body) and returns the
// response's code, remark and body.
func request(addr string, code int, ext map[string]string) (int, string, []byte, error) {
	conn, err := net.DialTimeout("tcp", addr, 3*time.Second)
	if err != nil {
		return 0, "", nil, err
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(5 * time.Second))
	h, err := json.Marshal(remotingHeader{Code: code, Language: "JAVA", Version: 399, Opaque: opaque.Add(1), ExtFields: ext})
	if err != nil {
		return 0, "", nil, err
	}
	frame := make([]byte, 8, 8+len(h))
	binary.BigEndian.PutUint32(frame[0:], uint32(4+len(h)))
	binary.BigEndian.PutUint32(frame[4:], uint32(len(h))) // serialize type 0 = JSON in the high byte
	if _, err := conn.Write(append(frame, h...)); err != nil {
		return 0, "", nil, err
	}
	var lens [8]byte
	if _, err := io.ReadFull(conn, lens[:]); err != nil {
		return 0, "", nil, err
	}
	total := binary.BigEndian.Uint32(lens[0:])
	hlen := binary.BigEndian.Uint32(lens[4:]) & 0xFFFFFF
	if total < 4+hlen || total > 64<<20 {
		return 0, "", nil, fmt.Errorf("%s: bad frame lengths %d/%d", addr, total, hlen)
	}
	rest := make([]byte, total-4)
	if _, err := io.ReadFull(conn, rest); err != nil {
		return 0, "", nil, err
	}
	var resp remotingHeader
	if err := json.Unmarshal(rest[:hlen], &resp); err != nil {
		return 0, "", nil, fmt.Errorf("%s: response header: %w", addr, err)
	}
	return resp.Code, resp.Remark, rest[hlen:], nil
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
