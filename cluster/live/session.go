package live

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/route"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
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

	brokers    []string // master addresses of the %RETRY% route, in its order
	routes     map[string][]byte
	routeAsk   []string // topics asked, in order
	conn       *connection
	connErr    string
	connTried  int
	connFrom   int                 // the broker whose list s.conn is
	connChecks []brokerConnections // other brokers' lists, asked when s.conn has duplicate IDs (staleconn.go)
	stats      []*consumeStats
	running    map[string]*runningInfo // by client ID
	runOrder   []string
	warnings   []string
	topicsSet  bool
	// What the cluster did not answer, in the words mqadmin prints on
	// stderr (saved as progress.err, status/stderr.txt): the doctor marks
	// what it hides unknown. A broker that got no answer in time is not
	// asked again while another can be (dead).
	progressErr []string
	statusErr   []string
	connFailed  bool
	dead        map[string]bool
	// topicStatus per topic: the brokers' answers, how many were asked,
	// and whether one failed (then the topic's status is left out).
	topicStats       map[string][]topicOffset
	topicStatsAsked  map[string]int
	topicStatsFailed map[string]bool
	refused          *Error   // the ACL refusal of a broker first in order (noteRefusal)
	refusedAt        *pending // the request it answered
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
	askTopicStats
	askConnectionCheck
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
	if c := o.Credentials; c != nil && (strings.TrimSpace(c.AccessKey) == "" || c.SecretKey == "") {
		return nil, &Error{Kind: ErrUsage, Msg: "an access key pair needs both the access key and the secret key"}
	}
	o.Group = strings.TrimSpace(o.Group)
	if o.Location == nil {
		o.Location = time.Local
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Session{o: o, ns: ns, pending: map[int]*pending{}, routes: map[string][]byte{}, running: map[string]*runningInfo{}, dead: map[string]bool{},
		topicStats: map[string][]topicOffset{}, topicStatsAsked: map[string]int{}, topicStatsFailed: map[string]bool{}}, nil
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
		} else if err = checkAnswer(resp, id); err != nil {
			transportErr = err
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
		if len(out) == 0 && s.refused != nil && s.conn == nil && len(s.stats) == 0 {
			s.err = s.refused // ACL let nothing through: say why in one line
			return nil, s.err
		}
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
	case askTopicStats:
		return s.onTopicStats(p, resp, terr)
	case askConnectionCheck:
		return s.onConnectionCheck(p, resp, terr)
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
	if isACLRefusal(resp) {
		return nil, s.refusal(p, "the NameServer", "route of "+routeName(s, p), resp)
	}
	if resp.Code != respSuccess {
		return nil, responseError(p.addr, "the NameServer", "route of "+routeName(s, p), resp)
	}
	if p.kind == askRoute {
		s.routes[p.topic] = resp.Body
		return s.askTopicStats(nil, p.topic, resp.Body), nil
	}
	s.v5 = resp.Version >= versionV5_0_0
	r, err := route.Parse(string(resp.Body))
	if err != nil {
		return nil, &Error{Kind: ErrProtocol, Addr: p.addr, Msg: "route of " + s.retryTopic() + ": " + err.Error()}
	}
	if len(r.BrokerDatas) > doctor.MaxBrokers {
		return nil, &Error{Kind: ErrProtocol, Addr: p.addr, Msg: "the route of " + s.retryTopic() + " names " + strconv.Itoa(len(r.BrokerDatas)) + " brokers, over the doctor's limit of " + strconv.Itoa(doctor.MaxBrokers) + " (docs/doctor-limits.md)"}
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
	if n := s.nextBroker(i); n >= 0 && s.dead[s.brokers[i]] {
		i = n
	}
	s.connTried = i + 1
	return s.ask(out, &pending{kind: askConnection, broker: i, addr: s.brokers[i]}, codeGetConsumerConnectionList, map[string]string{"consumerGroup": s.o.Group}, "connections of "+s.o.Group)
}

func (s *Session) onConnection(p *pending, resp *Command, terr error) ([]Request, error) {
	failed := ""
	switch {
	case terr != nil:
		s.markDead(p.addr, terr)
		failed = stderrLine(p.addr, terr)
	case resp.Code == respConsumerNotOnline:
		// Not an error: the group exists and has offsets, no consumer runs.
		s.connErr = "org.apache.rocketmq.tools.command.SubCommandException: ConsumerConnectionSubCommand command failed\n" +
			"Caused by: org.apache.rocketmq.client.exception.MQBrokerException: CODE: " + strconv.Itoa(resp.Code) + "  DESC: " + resp.Remark + " BROKER: " + p.addr + "\n" +
			"For more information, please visit the url, http://rocketmq.apache.org/docs/faq/\n"
		s.warn("group " + s.o.Group + " has no consumer online (broker " + p.addr + ": CODE: " + strconv.Itoa(resp.Code) + "  DESC: " + resp.Remark + ")")
		return nil, nil
	case resp.Code != respSuccess:
		s.noteRefusal(p, "the broker", "connections of "+s.o.Group, resp)
		failed = brokerAnswerLine(p.addr, resp)
	}
	if failed != "" {
		if next := s.nextBroker(p.broker); next >= 0 {
			s.warn("broker " + p.addr + " did not give the connections of " + s.o.Group + " (" + oneLine(failed) + "); asked the next broker")
			s.connTried = next
			return s.askConnection(nil), nil
		}
		// No broker gave the member list: nothing of the members is known.
		s.connFailed = true
		s.connErr = "org.apache.rocketmq.tools.command.SubCommandException: ConsumerConnectionSubCommand command failed\nCaused by: " + failed + "\n"
		s.warn("no broker gave the connections of " + s.o.Group + " (last " + p.addr + ": " + oneLine(failed) + "): the members are unknown")
		return nil, nil
	}
	c, err := decodeConnection(resp.Body)
	if err != nil {
		return nil, &Error{Kind: ErrProtocol, Addr: p.addr, Msg: err.Error()}
	}
	if len(c.Conns) > doctor.MaxClients {
		return nil, &Error{Kind: ErrProtocol, Addr: p.addr, Msg: "group " + s.o.Group + " has " + strconv.Itoa(len(c.Conns)) + " connections, over the doctor's limit of " + strconv.Itoa(doctor.MaxClients) + " clients (docs/doctor-limits.md)"}
	}
	s.conn, s.connFrom = c, p.broker
	out := s.askConnectionChecks(nil, p.broker)
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
	if s.dead[s.brokers[broker]] {
		if n := s.nextBroker(broker); n >= 0 {
			broker = n
		}
	}
	return s.ask(out, &pending{kind: askRunning, client: client, broker: broker, addr: s.brokers[broker]}, codeGetConsumerRunningInfo,
		map[string]string{"consumerGroup": s.o.Group, "clientId": client, "jstackEnable": "false"}, "running info of "+client)
}

func (s *Session) onStats(p *pending, resp *Command, terr error) ([]Request, error) {
	if terr != nil {
		s.markDead(p.addr, terr)
		s.progressFailed(p.addr, stderrLine(p.addr, terr))
		return nil, nil
	}
	if resp.Code != respSuccess {
		s.noteRefusal(p, "the broker", "consume stats of "+s.o.Group, resp)
		s.progressFailed(p.addr, brokerAnswerLine(p.addr, resp))
		return nil, nil
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
	line := ""
	switch {
	case terr != nil:
		// The broker forwards the call to the client and waits for it: no
		// answer in time is the client's (a frozen JVM), not the broker's.
		why = terr.Error()
		line = stderrLine(p.addr, terr) + " (running info of " + p.client + ")"
	case resp.Code != respSuccess:
		why = "CODE: " + strconv.Itoa(resp.Code) + "  DESC: " + resp.Remark
		line = "org.apache.rocketmq.client.exception.MQClientException: CODE: " + strconv.Itoa(resp.Code) + "  DESC: " + oneLine(resp.Remark)
		if !strings.Contains(resp.Remark, p.client) {
			line += " (running info of " + p.client + ")"
		}
	}
	if why == "" {
		ri, err := decodeRunningInfo(resp.Body)
		if err == nil {
			s.running[p.client] = ri
			return nil, nil
		}
		why = err.Error()
		line = "org.apache.rocketmq.remoting.exception.RemotingCommandException: " + oneLine(why) + " (running info of " + p.client + ")"
	}
	// A client's own silence (no answer in time, or the broker's CODE 207:
	// the client did not answer it) is the same through every broker, and
	// would cost the time again; a broker's failure is not.
	if !(terr != nil && isTimeout(terr)) && (resp == nil || resp.Code != codeConsumeMsgTimeout) && s.nextBroker(p.broker) >= 0 {
		return s.askRunning(nil, p.client, s.nextBroker(p.broker)), nil
	}
	s.statusErr = append(s.statusErr, line)
	s.warn("client " + p.client + " did not answer its running-info request (last through broker " + p.addr + ": " + why + "): its status file is left out and its queues stay unknown")
	return nil, nil
}

func (s *Session) warn(msg string) { s.warnings = append(s.warnings, s.o.Credentials.scrub(msg)) }

// refusal: an ACL refusal in one line naming the request and what it
// needs (refusal.go).
func (s *Session) refusal(p *pending, role, what string, resp *Command) *Error {
	return refusal(p.addr, role, what, p.code, s.o.Group, resp, s.o.Credentials)
}

// noteRefusal keeps one ACL refusal of a broker: a cluster with ACL on in
// part is read in part (what the others gave), but one that gave nothing
// ends the read with it (Handle). Of several, it keeps the first in the
// read's order (the request's code, then the broker's place), not the
// first to arrive: answers come in any order, and a refused read must end
// with the same line every run, in both builds.
func (s *Session) noteRefusal(p *pending, role, what string, resp *Command) {
	if !isACLRefusal(resp) {
		return
	}
	if k := s.refusedAt; s.refused == nil || p.code < k.code || p.code == k.code && p.broker < k.broker {
		s.refused, s.refusedAt = s.refusal(p, role, what, resp), p
	}
}

// markDead: addr got no answer at all; later calls go to another broker
// where one can answer them.
func (s *Session) markDead(addr string, terr error) {
	if isTimeout(terr) || !strings.Contains(terr.Error(), "not a response") {
		s.dead[addr] = true
	}
}

// addTopicStatus adds topic t's topicStatus text when every broker gave
// its stats.
func (s *Session) addTopicStatus(snap *Snapshot, t string) error {
	if st := s.topicStats[t]; s.topicStatsAsked[t] > 0 && !s.topicStatsFailed[t] {
		text, err := renderTopicStatus(st, s.o.Location)
		if err != nil {
			return &Error{Kind: ErrProtocol, Msg: "stats of topic " + t + ": " + err.Error()}
		}
		snap.TopicStatus = append(snap.TopicStatus, RouteText{Topic: t, Text: text})
	}
	return nil
}

// nextBroker is the first broker after index i not known dead, else -1.
func (s *Session) nextBroker(i int) int {
	for j := i + 1; j < len(s.brokers); j++ {
		if !s.dead[s.brokers[j]] {
			return j
		}
	}
	return -1
}

// progressFailed: broker addr gave no consume stats; its queues' offsets
// (and owners, in #Client IP) are left out, and said so.
func (s *Session) progressFailed(addr, line string) {
	s.progressErr = append(s.progressErr, line)
	s.warn("broker " + addr + " did not give the consume stats of " + s.o.Group + " (" + oneLine(line) + "): its queues are left out of progress.txt and stay unknown")
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
func (s *Session) Snapshot() (*Snapshot, error) { return s.snapshot(false) }

// SnapshotDirect is what was read with the connection list, the progress
// and the status files decoded straight into what the doctor reads of
// their texts (direct.go): the doctor's report on its Input is the one on
// Snapshot's, for less work and garbage. Its Files and Save leave out
// those boxes' texts: a watch loop diagnoses it, it is not saved.
func (s *Session) SnapshotDirect() (*Snapshot, error) { return s.snapshot(true) }

func (s *Session) snapshot(direct bool) (*Snapshot, error) {
	if s.err != nil {
		return nil, s.err
	}
	if len(s.pending) > 0 {
		return nil, ErrNotDone
	}
	s.settleStaleChannels()
	snap := &Snapshot{Group: s.o.Group, NameServer: s.ns, ConnectionErr: s.connErr, Millis: s.o.Now().UnixMilli()}
	for _, t := range s.routeAsk {
		if direct {
			// The body is the text's JSON before pretty printing.
			if r, err := mqadmin.ParseTopicRoute(string(s.routes[t])); err == nil {
				snap.Routes = append(snap.Routes, RouteText{Topic: t, Route: r})
				if err := s.addTopicStatus(snap, t); err != nil {
					return nil, err
				}
				continue
			}
		}
		text, err := renderRoute(s.routes[t])
		if err != nil {
			return nil, &Error{Kind: ErrProtocol, Addr: s.ns, Msg: "route of " + t + ": " + err.Error()}
		}
		snap.Routes = append(snap.Routes, RouteText{Topic: t, Text: text})
		if err := s.addTopicStatus(snap, t); err != nil {
			return nil, err
		}
	}
	owners := map[alloc.MessageQueue]string{}
	n := names{}
	if s.conn != nil {
		if direct {
			snap.ParsedConnection, _ = directConnection(s.conn, n)
		}
		if snap.ParsedConnection == nil {
			snap.Connection = renderConnection(s.conn)
		}
		for _, cn := range s.conn.Conns {
			if ri := s.running[cn.ClientID]; ri != nil {
				for _, h := range ri.MQs {
					owners[h.MQ] = ownerIP(cn.ClientID)
				}
			}
		}
		for _, cid := range s.runOrder {
			if ri := s.running[cid]; ri != nil {
				if direct {
					if info, ok := directStatus(ri, s.o.Location, s.v5, n); ok {
						snap.Status = append(snap.Status, StatusText{ClientID: cid, Info: info})
						continue
					}
				}
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
	if rows == 0 && len(s.progressErr) == 0 {
		// mqadmin's own failure for it (DefaultMQAdminExtImpl), which a
		// BROADCASTING group (offsets kept by its clients) always gets.
		s.progressErr = append(s.progressErr, "org.apache.rocketmq.client.exception.MQClientException: CODE: 206  DESC: Not found the consumer group consume stats, because return offset table is empty, maybe the consumer not consume any message")
		s.warn("the brokers hold no consume offsets for group " + s.o.Group + " (mqadmin consumerProgress fails so, CODE 206): progress.txt is left empty")
	} else if rows > 0 && direct {
		snap.ParsedProgress, _ = directProgress(s.stats, owners, s.o.Location, n)
	}
	if rows > 0 && snap.ParsedProgress == nil {
		p, err := renderProgress(s.stats, owners, s.o.Location)
		if err != nil {
			return nil, &Error{Kind: ErrProtocol, Msg: "consume stats of " + s.o.Group + ": " + err.Error()}
		}
		snap.Progress = p
	}
	if len(s.progressErr) > 0 {
		snap.ProgressErr = strings.Join(s.progressErr, "\n") + "\n"
	}
	if len(s.statusErr) > 0 {
		snap.StatusErr = strings.Join(s.statusErr, "\n") + "\n"
	}
	snap.Warnings = append(snap.Warnings, s.warnings...)
	return snap, nil
}
