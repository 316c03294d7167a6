// Package standin is a stand-in RocketMQ cluster for the monitor's tests
// and benchmarks: NameServers and brokers speaking the remoting protocol
// on 127.0.0.1 (port 0), answering the read requests from generated
// groups, with faults to switch on (a broker down or slow, a client that
// never answers). It records every request code it receives.
package standin

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"io"
	"net"
	"strconv"
	"sync"
	"time"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/live"
)

// Member is one consumer process of a group.
type Member struct {
	ClientID string
	// Strategy is the allocate strategy's Java class simple name
	// (AllocateMessageQueueAveragely when "").
	Strategy string
	// Holds are the queues it holds; nil: its AVG share of the topic and
	// the retry topic.
	Holds []alloc.MessageQueue
	// Silent: its running-info requests are never answered.
	Silent bool
}

// Group is one consumer group.
type Group struct {
	Name  string
	Topic string // subscribed; queues per broker from Cluster.Topics
	// Members online; none: the group is offline.
	Members []Member
	// Lag per queue of Topic (others: 0).
	Lag map[alloc.MessageQueue]int64
	// NeverRan: only its subscription group config exists (no consumer
	// ever started, so no %RETRY% topic and no offsets).
	NeverRan bool
}

// Broker is one broker of the stand-in.
type Broker struct {
	Name string
	srv  *server
}

// Addr is the broker's host:port.
func (b *Broker) Addr() string { return b.srv.addr }

// Cluster is the stand-in.
type Cluster struct {
	NameServers []string // host:port, in order
	Brokers     []*Broker

	mu       sync.Mutex
	topics   map[string]topicDef
	groups   map[string]*Group
	codes    map[int]int
	signed   map[string]int // "code:verdict": verdict "ok", "bad" or "none"
	secret   string         // when set, signatures are checked against it
	nss      []*server
	delay    map[string]time.Duration // broker name → answer delay
	onSubCfg func()                   // runs after a subscription-groups answer
}

// Start starts nameServers NameServers and the named brokers.
func Start(nameServers int, brokers ...string) (*Cluster, error) {
	c := &Cluster{topics: map[string]topicDef{}, groups: map[string]*Group{}, codes: map[int]int{}, signed: map[string]int{}, delay: map[string]time.Duration{}}
	for range nameServers {
		s, err := c.listen(c.nameServer)
		if err != nil {
			c.Close()
			return nil, err
		}
		c.nss = append(c.nss, s)
		c.NameServers = append(c.NameServers, s.addr)
	}
	for _, name := range brokers {
		b := &Broker{Name: name}
		s, err := c.listen(func(cmd *live.Command) (int, string, []byte, bool) { return c.broker(b, cmd) })
		if err != nil {
			c.Close()
			return nil, err
		}
		b.srv = s
		c.Brokers = append(c.Brokers, b)
	}
	return c, nil
}

// Close stops every server.
func (c *Cluster) Close() {
	for _, s := range c.nss {
		s.close()
	}
	for _, b := range c.Brokers {
		if b.srv != nil {
			b.srv.close()
		}
	}
}

type topicDef struct {
	perBroker int
	brokers   []string // nil: every broker
}

// SetTopic creates (or resizes) a topic: queues per broker, on the named
// brokers (none named: every broker). A group's retry topic is on its
// topic's brokers.
func (c *Cluster) SetTopic(topic string, perBroker int, brokers ...string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.topics[topic] = topicDef{perBroker, brokers}
}

// on: the topic has queues on broker b.
func (t topicDef) on(b string) bool {
	if t.brokers == nil {
		return true
	}
	for _, x := range t.brokers {
		if x == b {
			return true
		}
	}
	return false
}

// SetGroup adds or replaces a group.
func (c *Cluster) SetGroup(g *Group) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.groups[g.Name] = g
}

// DeleteGroup removes a group, as mqadmin deleteSubGroup (and deleting its
// retry topic) would.
func (c *Cluster) DeleteGroup(name string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.groups, name)
}

// AfterSubscriptionGroups runs f after each subscription-groups answer
// (a hook to change the cluster between discovery and the reads).
func (c *Cluster) AfterSubscriptionGroups(f func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.onSubCfg = f
}

// StopNameServer stops NameServer i: its port refuses connections.
func (c *Cluster) StopNameServer(i int) { c.nss[i].close() }

// StopBroker stops the named broker.
func (c *Cluster) StopBroker(name string) {
	for _, b := range c.Brokers {
		if b.Name == name {
			b.srv.close()
		}
	}
}

// SetDelay makes the named broker answer every request d late.
func (c *Cluster) SetDelay(broker string, d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.delay[broker] = d
}

// CheckSignatures makes the stand-in check each request's ACL signature
// against secret (Signatures reports them).
func (c *Cluster) CheckSignatures(secret string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.secret = secret
}

// Signatures counts the requests by "code:verdict", verdict "ok" (signed
// with the secret), "bad" or "none" (not signed).
func (c *Cluster) Signatures() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := map[string]int{}
	for k, v := range c.signed {
		out[k] = v
	}
	return out
}

// Codes is how many requests of each code the stand-in received.
func (c *Cluster) Codes() map[int]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := map[int]int{}
	for k, v := range c.codes {
		out[k] = v
	}
	return out
}

// handler answers one request: response code, remark, body; ok=false
// leaves it unanswered.
type handler func(cmd *live.Command) (code int, remark string, body []byte, ok bool)

type server struct {
	addr string
	ln   net.Listener
	mu   sync.Mutex
	cons map[net.Conn]bool
	shut bool
}

func (c *Cluster) listen(h handler) (*server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &server{addr: ln.Addr().String(), ln: ln, cons: map[net.Conn]bool{}}
	go func() {
		for {
			nc, err := ln.Accept()
			if err != nil {
				return
			}
			s.mu.Lock()
			if s.shut {
				s.mu.Unlock()
				nc.Close()
				return
			}
			s.cons[nc] = true
			s.mu.Unlock()
			go c.serve(s, nc, h)
		}
	}()
	return s, nil
}

func (s *server) close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.shut = true
	s.ln.Close()
	for nc := range s.cons {
		nc.Close()
	}
}

// serve answers the requests of one connection, each in its own
// goroutine (answers may overtake each other, as a broker's do).
func (c *Cluster) serve(s *server, nc net.Conn, h handler) {
	defer nc.Close()
	var wmu sync.Mutex
	for {
		f, err := readFrame(nc)
		if err != nil {
			return
		}
		cmd, err := live.DecodeFrame(f)
		if err != nil {
			return
		}
		c.mu.Lock()
		c.codes[cmd.Code]++
		verdict := "none"
		if sig, ok := cmd.ExtFields["Signature"]; ok {
			verdict = "bad"
			if c.secret != "" && sig == live.Signature(c.secret, live.SignedContent(cmd.ExtFields, cmd.Body)) {
				verdict = "ok"
			}
		}
		c.signed[strconv.Itoa(cmd.Code)+":"+verdict]++
		c.mu.Unlock()
		go func() {
			code, remark, body, ok := h(cmd)
			if !ok {
				return
			}
			resp := &live.Command{Code: code, Flag: 1, Language: "JAVA", Opaque: cmd.Opaque, Remark: remark, Serialize: "JSON", Version: 399, Body: body}
			wmu.Lock()
			defer wmu.Unlock()
			_, _ = nc.Write(resp.Encode())
		}()
	}
}

func readFrame(r io.Reader) ([]byte, error) {
	var p [4]byte
	if _, err := io.ReadFull(r, p[:]); err != nil {
		return nil, err
	}
	n := binary.BigEndian.Uint32(p[:])
	if n < 4 || n > 64<<20 {
		return nil, errors.New("bad frame length")
	}
	f := make([]byte, n+4)
	copy(f, p[:])
	_, err := io.ReadFull(r, f[4:])
	return f, err
}

func q(s string) string { b, _ := json.Marshal(s); return string(b) }

func (c *Cluster) nameServer(cmd *live.Command) (int, string, []byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch cmd.Code {
	case 106:
		return 0, "", c.clusterInfo(), true
	case 105:
		topic := cmd.ExtFields["topic"]
		if g, ok := cutPrefix(topic, "%RETRY%"); ok {
			if c.groups[g] == nil || c.groups[g].NeverRan {
				return 17, "No topic route info in name server for the topic: " + topic, nil, true
			}
			return 0, "", c.route(topicDef{1, c.topics[c.groups[g].Topic].brokers}), true
		}
		td, ok := c.topics[topic]
		if !ok {
			return 17, "No topic route info in name server for the topic: " + topic, nil, true
		}
		return 0, "", c.route(td), true
	}
	return 1, "request code " + strconv.Itoa(cmd.Code) + " not supported", nil, true
}

func cutPrefix(s, p string) (string, bool) {
	if len(s) >= len(p) && s[:len(p)] == p {
		return s[len(p):], true
	}
	return "", false
}

func (c *Cluster) clusterInfo() []byte {
	b := []byte(`{"brokerAddrTable":{`)
	for i, br := range c.Brokers {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, q(br.Name)+`:{"brokerAddrs":{0:`+q(br.Addr())+`},"brokerName":`+q(br.Name)+`,"cluster":"DefaultCluster"}`...)
	}
	b = append(b, `},"clusterAddrTable":{"DefaultCluster":[`...)
	for i, br := range c.Brokers {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, q(br.Name)...)
	}
	return append(b, "]}}"...)
}

func (c *Cluster) route(td topicDef) []byte {
	var brokers []*Broker
	for _, br := range c.Brokers {
		if td.on(br.Name) {
			brokers = append(brokers, br)
		}
	}
	b := []byte(`{"brokerDatas":[`)
	for i, br := range brokers {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"brokerAddrs":{0:`+q(br.Addr())+`},"brokerName":`+q(br.Name)+`,"cluster":"DefaultCluster"}`...)
	}
	b = append(b, `],"filterServerTable":{},"queueDatas":[`...)
	n := strconv.Itoa(td.perBroker)
	for i, br := range brokers {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"brokerName":`+q(br.Name)+`,"perm":6,"readQueueNums":`+n+`,"topicSysFlag":0,"writeQueueNums":`+n+`}`...)
	}
	return append(b, "]}"...)
}
