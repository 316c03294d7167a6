package live

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/route"
	"github.com/rmqalloc/rmqalloc/internal/javalang"
)

// Options say which group to read from which cluster.
type Options struct {
	// NameServer is the NameServer's host:port (one; the first of a
	// ';'-separated list is taken, as mqadmin -n takes a list).
	NameServer string
	// Group is the consumer group.
	Group string
	// Topics are the topics whose routes to read; empty: every topic the
	// group subscribes to (its %RETRY% topic needs no route).
	Topics []string
	// Location is the time zone of the dates printed (mqadmin prints in
	// its JVM's zone); nil = time.Local.
	Location *time.Location
	// Now stamps the status folder (status/<millis>/); nil = time.Now.
	Now func() time.Time
	// Credentials sign every request (ACL 1.0 and 2.0, credentials.go);
	// nil: requests go unsigned, as to a cluster with ACL off.
	Credentials *Credentials
	// TLS: remoting over TLS (Read's transport; the JS CLI carries frames
	// over node:tls itself); nil: plain TCP.
	TLS *TLS
}

// Request is one call the session wants made: send Frame to Addr (host:
// port) and hand the one frame that answers it to Session.Handle with ID.
type Request struct {
	ID    int
	Addr  string
	Frame []byte
	// What says what the call asks, for messages ("route of T_ORDER").
	What string
}

// Session is the read as a state machine that does no I/O: Start gives
// the first requests, each answer (or transport failure) given to Handle
// gives the next ones, and once Done, Snapshot is the result. Native Go
// drives it with net.Conn (Read); the JS CLI drives the same code,
// compiled into the wasm module, with node:net. Not safe for concurrent
// use; a new Session per read.
type Session struct {
	o       Options
	ns      string
	next    int
	pending map[int]*pending
	err     error

	brokers   []string // master addresses of the %RETRY% route, in its order
	routes    map[string][]byte
	routeAsk  []string // topics asked, in order
	conn      *connection
	connErr   string
	connTried int
	stats     []*consumeStats
	running   map[string]*runningInfo // by client ID
	runOrder  []string
	warnings  []string
	topicsSet bool
	// v5: the NameServer runs RocketMQ 5.x (its answers' version), so
	// the texts are those of the 5.3.3 mqadmin where its layout differs.
	v5 bool
}

type pending struct {
	kind   int
	code   int    // the request code asked
	topic  string // route
	client string // running info
	broker int    // index into brokers
	addr   string
}

const (
	askRetryRoute = iota
	askRoute
	askConnection
	askStats
	askRunning
)

// ErrNotDone is Snapshot's error while requests are outstanding.
var ErrNotDone = errors.New("live: the read is not done")

// NewSession checks the options.
func NewSession(o Options) (*Session, error) {
	ns := strings.TrimSpace(strings.Split(o.NameServer, ";")[0])
	if ns == "" {
		return nil, &Error{Kind: ErrUsage, Msg: "no NameServer address (HOST:PORT)"}
	}
	if !strings.Contains(ns, ":") {
		return nil, &Error{Kind: ErrUsage, Addr: ns, Msg: "a NameServer address is HOST:PORT (RocketMQ's default port is 9876)"}
	}
	if strings.TrimSpace(o.Group) == "" {
		return nil, &Error{Kind: ErrUsage, Msg: "no consumer group"}
	}
	o.Group = strings.TrimSpace(o.Group)
	if o.Location == nil {
		o.Location = time.Local
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Session{o: o, ns: ns, pending: map[int]*pending{}, routes: map[string][]byte{}, running: map[string]*runningInfo{}}, nil
}

func (s *Session) retryTopic() string { return "%RETRY%" + s.o.Group }

func (s *Session) ask(out []Request, p *pending, code int, ext map[string]string, what string) []Request {
	s.next++
	p.code = code
	s.pending[s.next] = p
	req := newRequest(code, int32(s.next), ext)
	if s.o.Credentials != nil {
		s.o.Credentials.Sign(req)
	}
	return append(out, Request{ID: s.next, Addr: p.addr, Frame: req.Encode(), What: what})
}

func (s *Session) askRoute(out []Request, kind int, topic string) []Request {
	s.routeAsk = append(s.routeAsk, topic)
	s.routes[topic] = nil
	return s.ask(out, &pending{kind: kind, topic: topic, addr: s.ns}, codeGetRouteInfoByTopic, map[string]string{"topic": topic}, "route of "+topic)
}

// Start is the first requests: the route of the group's %RETRY% topic
// (it names the brokers that know the group) and those of the topics
// given.
func (s *Session) Start() []Request {
	out := s.ask(nil, &pending{kind: askRetryRoute, addr: s.ns}, codeGetRouteInfoByTopic, map[string]string{"topic": s.retryTopic()}, "route of "+s.retryTopic())
	for _, t := range s.o.Topics {
		if t = strings.TrimSpace(t); t != "" {
			if _, asked := s.routes[t]; !asked {
				out = s.askRoute(out, askRoute, t)
			}
		}
	}
	s.topicsSet = len(s.routeAsk) > 0
	return out
}

// Done: no request outstanding (or the read failed).
func (s *Session) Done() bool { return s.err != nil || len(s.pending) == 0 }

// Handle takes the answer to request id: its whole frame, or the
// transport's error (refused, timed out, closed). It returns the requests
// that follow; a failure that ends the read is returned as an *Error,
// and again by Snapshot.
func (s *Session) Handle(id int, frame []byte, transportErr error) ([]Request, error) {
	if s.err != nil {
		return nil, s.err
	}
	p, ok := s.pending[id]
	if !ok {
		return nil, nil // late or unknown: nothing waits for it
	}
	delete(s.pending, id)
	var resp *Command
	if transportErr == nil {
		var err error
		if resp, err = DecodeFrame(frame); err != nil {
			transportErr = err
		} else if !resp.IsResponse() {
			transportErr = errors.New("the answer is not a response frame")
		}
	}
	out, err := s.handle(p, resp, transportErr)
	if err != nil {
		if e, ok := err.(*Error); ok {
			e.Msg = s.o.Credentials.scrub(e.Msg)
		}
		s.err = err
		return nil, err
	}
	if len(s.pending) == 0 && len(out) == 0 {
		out = s.finish()
	}
	return out, s.err
}

func (s *Session) handle(p *pending, resp *Command, terr error) ([]Request, error) {
	switch p.kind {
	case askRetryRoute, askRoute:
		return s.onRoute(p, resp, terr)
	case askConnection:
		return s.onConnection(p, resp, terr)
	case askStats:
		return s.onStats(p, resp, terr)
	case askRunning:
		return s.onRunning(p, resp, terr)
	}
	return nil, nil
}

func (s *Session) onRoute(p *pending, resp *Command, terr error) ([]Request, error) {
	if terr != nil {
		return nil, transportError(ErrNameServer, p.addr, "the NameServer", terr)
	}
	if resp.Code == respTopicNotExist {
		if p.kind == askRetryRoute {
			return nil, &Error{Kind: ErrUnknownGroup, Addr: p.addr, Code: resp.Code, Msg: "unknown consumer group " + strconv.Quote(s.o.Group) + ": NameServer " + p.addr + " has no route for " + s.retryTopic() + " (a group that never ran a consumer has none)"}
		}
		return nil, &Error{Kind: ErrUnknownTopic, Addr: p.addr, Code: resp.Code, Msg: "unknown topic " + strconv.Quote(p.topic) + ": NameServer " + p.addr + " has no route for it"}
	}
	if resp.Code != respSuccess {
		return nil, s.responseError(p, "the NameServer", "route of "+routeName(s, p), resp)
	}
	if p.kind == askRoute {
		s.routes[p.topic] = resp.Body
		return nil, nil
	}
	s.v5 = resp.Version >= versionV5_0_0
	r, err := route.Parse(string(resp.Body))
	if err != nil {
		return nil, &Error{Kind: ErrProtocol, Addr: p.addr, Msg: "route of " + s.retryTopic() + ": " + err.Error()}
	}
	for _, bd := range r.BrokerDatas {
		if a := bd.BrokerAddrs["0"]; a != "" {
			s.brokers = append(s.brokers, a)
		}
	}
	if len(s.brokers) == 0 {
		return nil, &Error{Kind: ErrUnknownGroup, Addr: p.addr, Msg: "the route of " + s.retryTopic() + " has no broker with a master: no broker to ask about group " + strconv.Quote(s.o.Group)}
	}
	out := s.askConnection(nil)
	for i, a := range s.brokers {
		out = s.ask(out, &pending{kind: askStats, broker: i, addr: a}, codeGetConsumeStats, map[string]string{"consumerGroup": s.o.Group}, "consume stats of "+s.o.Group)
	}
	return out, nil
}

func routeName(s *Session, p *pending) string {
	if p.kind == askRetryRoute {
		return s.retryTopic()
	}
	return p.topic
}

// askConnection asks the next broker for the group's connections (mqadmin
// asks one broker; a broker that cannot be reached passes to the next).
func (s *Session) askConnection(out []Request) []Request {
	i := s.connTried
	s.connTried++
	return s.ask(out, &pending{kind: askConnection, broker: i, addr: s.brokers[i]}, codeGetConsumerConnectionList, map[string]string{"consumerGroup": s.o.Group}, "connections of "+s.o.Group)
}

func (s *Session) onConnection(p *pending, resp *Command, terr error) ([]Request, error) {
	if terr != nil {
		if s.connTried < len(s.brokers) {
			s.warn("broker " + p.addr + " did not answer for the connections of " + s.o.Group + " (" + terr.Error() + "); asked the next broker")
			return s.askConnection(nil), nil
		}
		return nil, transportError(ErrBroker, p.addr, "the broker", terr)
	}
	switch resp.Code {
	case respSuccess:
	case respConsumerNotOnline:
		// Not an error: the group exists and has offsets, no consumer runs.
		s.connErr = "org.apache.rocketmq.tools.command.SubCommandException: ConsumerConnectionSubCommand command failed\n" +
			"Caused by: org.apache.rocketmq.client.exception.MQBrokerException: CODE: " + strconv.Itoa(resp.Code) + "  DESC: " + resp.Remark + " BROKER: " + p.addr + "\n" +
			"For more information, please visit the url, http://rocketmq.apache.org/docs/faq/\n"
		s.warn("group " + s.o.Group + " has no consumer online (broker " + p.addr + ": CODE: " + strconv.Itoa(resp.Code) + "  DESC: " + resp.Remark + ")")
		return nil, nil
	default:
		return nil, s.responseError(p, "the broker", "connections of "+s.o.Group, resp)
	}
	c, err := decodeConnection(resp.Body)
	if err != nil {
		return nil, &Error{Kind: ErrProtocol, Addr: p.addr, Msg: err.Error()}
	}
	s.conn = c
	var out []Request
	if !s.topicsSet {
		for _, sub := range c.Subs {
			if _, asked := s.routes[sub.Topic]; !asked && !strings.HasPrefix(sub.Topic, "%RETRY%") {
				out = s.askRoute(out, askRoute, sub.Topic)
			}
		}
	}
	for _, cn := range c.Conns {
		if _, asked := s.running[cn.ClientID]; asked {
			continue // a duplicate client ID answers once
		}
		s.running[cn.ClientID] = nil
		s.runOrder = append(s.runOrder, cn.ClientID)
		out = s.askRunning(out, cn.ClientID, 0)
	}
	return out, nil
}

func (s *Session) askRunning(out []Request, client string, broker int) []Request {
	return s.ask(out, &pending{kind: askRunning, client: client, broker: broker, addr: s.brokers[broker]}, codeGetConsumerRunningInfo,
		map[string]string{"consumerGroup": s.o.Group, "clientId": client, "jstackEnable": "false"}, "running info of "+client)
}

func (s *Session) onStats(p *pending, resp *Command, terr error) ([]Request, error) {
	if terr != nil {
		return nil, transportError(ErrBroker, p.addr, "the broker", terr)
	}
	if resp.Code != respSuccess {
		return nil, s.responseError(p, "the broker", "consume stats of "+s.o.Group, resp)
	}
	st, err := decodeConsumeStats(resp.Body)
	if err != nil {
		return nil, &Error{Kind: ErrProtocol, Addr: p.addr, Msg: err.Error()}
	}
	s.stats = append(s.stats, st)
	return nil, nil
}

func (s *Session) onRunning(p *pending, resp *Command, terr error) ([]Request, error) {
	why := ""
	switch {
	case terr != nil:
		why = terr.Error()
	case resp.Code != respSuccess:
		why = "CODE: " + strconv.Itoa(resp.Code) + "  DESC: " + resp.Remark
	}
	if why == "" {
		ri, err := decodeRunningInfo(resp.Body)
		if err == nil {
			s.running[p.client] = ri
			return nil, nil
		}
		why = err.Error()
	}
	if p.broker+1 < len(s.brokers) {
		return s.askRunning(nil, p.client, p.broker+1), nil
	}
	s.warn("client " + p.client + " did not answer its running-info request (last through broker " + p.addr + ": " + why + "): its status file is left out and its queues stay unknown")
	return nil, nil
}

func (s *Session) warn(msg string) { s.warnings = append(s.warnings, s.o.Credentials.scrub(msg)) }

// responseError: an ACL refusal in one line naming the request and what it
// needs (refusal.go), any other error code as mqadmin shows it.
func (s *Session) responseError(p *pending, role, what string, resp *Command) *Error {
	if isACLRefusal(resp) {
		return refusal(p.addr, role, what, p.code, s.o.Group, resp, s.o.Credentials)
	}
	return responseError(p.addr, role, what, resp)
}

// finish runs once every answer is in: a group with no consumer online
// and no topic given takes its topics from the consume stats.
func (s *Session) finish() []Request {
	if s.conn != nil || s.topicsSet || s.connErr == "" {
		return nil
	}
	s.topicsSet = true
	var out []Request
	for _, st := range s.stats {
		for _, o := range st.Table {
			if _, asked := s.routes[o.MQ.Topic]; !asked && !strings.HasPrefix(o.MQ.Topic, "%RETRY%") {
				out = s.askRoute(out, askRoute, o.MQ.Topic)
			}
		}
	}
	return out
}

// Snapshot is what was read, as the texts mqadmin prints.
func (s *Session) Snapshot() (*Snapshot, error) {
	if s.err != nil {
		return nil, s.err
	}
	if len(s.pending) > 0 {
		return nil, ErrNotDone
	}
	snap := &Snapshot{Group: s.o.Group, NameServer: s.ns, ConnectionErr: s.connErr, Millis: s.o.Now().UnixMilli()}
	for _, t := range s.routeAsk {
		text, err := renderRoute(s.routes[t])
		if err != nil {
			return nil, &Error{Kind: ErrProtocol, Addr: s.ns, Msg: "route of " + t + ": " + err.Error()}
		}
		snap.Routes = append(snap.Routes, RouteText{Topic: t, Text: text})
	}
	owners := map[alloc.MessageQueue]string{}
	if s.conn != nil {
		snap.Connection = renderConnection(s.conn)
		for _, cn := range s.conn.Conns {
			if ri := s.running[cn.ClientID]; ri != nil {
				for _, h := range ri.MQs {
					owners[h.MQ] = ownerIP(cn.ClientID)
				}
			}
		}
		for _, cid := range s.runOrder {
			if ri := s.running[cid]; ri != nil {
				text, err := renderStatus(ri, s.o.Location, s.v5)
				if err != nil {
					return nil, &Error{Kind: ErrProtocol, Msg: "running info of " + cid + ": " + err.Error()}
				}
				snap.Status = append(snap.Status, StatusText{ClientID: cid, Text: text})
			}
		}
		sortStable(len(snap.Status), func(i, j int) bool {
			return javalang.CompareStrings(snap.Status[i].ClientID, snap.Status[j].ClientID) < 0
		},
			func(i, j int) { snap.Status[i], snap.Status[j] = snap.Status[j], snap.Status[i] })
	}
	rows := 0
	for _, st := range s.stats {
		rows += len(st.Table)
	}
	if rows == 0 {
		s.warn("the brokers hold no consume offsets for group " + s.o.Group + " (mqadmin consumerProgress fails so): progress.txt is left empty")
	} else {
		p, err := renderProgress(s.stats, owners, s.o.Location)
		if err != nil {
			return nil, &Error{Kind: ErrProtocol, Msg: "consume stats of " + s.o.Group + ": " + err.Error()}
		}
		snap.Progress = p
	}
	snap.Warnings = append(snap.Warnings, s.warnings...)
	return snap, nil
}
