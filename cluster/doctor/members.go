package doctor

import (
	"slices"
	"strings"

	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
)

// member is one distinct client ID of the group and what the doctor knows
// of it.
type member struct {
	cid          string
	conns        []mqadmin.ClientConn // its connection lines (2+: duplicate ID)
	profile      string               // client simulated
	languageOK   bool                 // JAVA or GO
	strategy     string               // strategy simulated
	reported     string               // strategy its status names ("" = none)
	reportedOK   bool                 // reported is one the doctor can simulate
	rooms        []string             // MACHINE_ROOM's consumeridcs as worked out (machineRooms)
	status       *statusFile          // nil: no status file
	holds        map[qkey]bool        // (cid mode) queues it holds: topic\x00broker -> ...
	clientRebal  string               // status property clientRebalance, "" = absent
	messageModel string               // status property messageModel
}

// group is the consumer group: cidAll as the broker reports it (duplicates
// kept) and its distinct members.
type group struct {
	name      string
	cidAll    []string
	members   []*member
	byCID     map[string]*member
	ips       map[string]bool
	orphanSts []*statusFile // status files for clients not in the connection list
}

// qkey identifies a queue inside the doctor: full topic, full broker, ID.
type qkey struct {
	topic, broker string
	id            int32
}

// bkey identifies a queue within one topic: full broker name and ID.
type bkey struct {
	broker string
	id     int32
}

// newGroup builds the members from the connection list and attaches the
// status files (matched by file name, else by clientIP@instanceName).
func newGroup(t *texts, strategy, profile string) *group {
	g := &group{byCID: map[string]*member{}, ips: map[string]bool{}}
	for _, c := range t.conn.Clients {
		g.cidAll = append(g.cidAll, c.ClientID)
		m, ok := g.byCID[c.ClientID]
		if !ok {
			m = &member{cid: c.ClientID, strategy: strategy}
			m.profile, m.languageOK = profileOf(c.Language, c.Version)
			if profile != "" {
				m.profile, m.languageOK = profile, true
			}
			g.byCID[c.ClientID] = m
			g.members = append(g.members, m)
			g.ips[ipOf(c.ClientID)] = true
		}
		m.conns = append(m.conns, c)
	}
	for i := range t.status {
		sf := &t.status[i]
		sf.cid = statusCID(sf, g.byCID)
		m, ok := g.byCID[sf.cid]
		if !ok {
			g.orphanSts = append(g.orphanSts, sf)
			continue
		}
		if m.status == nil {
			m.status = sf
			m.holds = map[qkey]bool{}
		}
		for _, q := range sf.info.Queues {
			m.holds[qkey{q.Topic, q.BrokerName, q.QueueID}] = true
		}
		p := sf.info.Properties
		if v, ok := p["allocateMessageQueueStrategy"]; ok && v != "" {
			m.reported, m.reportedOK = strategyFromClass(v)
			if m.reportedOK && slices.Contains(SimulatedStrategies(), m.reported) {
				m.strategy = m.reported
			} else {
				m.reportedOK = false
			}
		}
		if profile == "" && isGoClientVersion(p["PROP_CLIENT_VERSION"]) {
			// rocketmq-client-go reports its own version ("v2.1.1") where
			// Java reports an MQVersion name ("V4_9_3").
			m.profile, m.languageOK = profileGo, true
		}
		m.clientRebal = p["clientRebalance"]
		m.messageModel = p["messageModel"]
	}
	g.name = groupName(t)
	return g
}

// statusCID is the client a status file is for: its file name when that
// is a member, else clientIP@instanceName[@unitName] from its properties,
// else the file name.
func statusCID(sf *statusFile, byCID map[string]*member) string {
	if _, ok := byCID[sf.name]; ok {
		return sf.name
	}
	p := sf.info.Properties
	built := ""
	if ip, inst := p["clientIP"], p["instanceName"]; ip != "" && inst != "" {
		built = ip + "@" + inst
		if u := p["unitName"]; u != "" && u != "null" {
			if _, ok := byCID[built+"@"+u]; ok {
				built += "@" + u
			}
		}
	}
	if _, ok := byCID[built]; ok || sf.name == "" {
		return built
	}
	return sf.name
}

// groupName is the consumer group's name from the %RETRY% subscription,
// a status file's consumerGroup, or a %RETRY% progress row; "" if none.
func groupName(t *texts) string {
	for _, s := range t.conn.Subscriptions {
		if g, ok := strings.CutPrefix(s.Topic, "%RETRY%"); ok {
			return g
		}
	}
	for _, sf := range t.status {
		if g := sf.info.Properties["consumerGroup"]; g != "" {
			return g
		}
	}
	if t.prog != nil {
		for _, r := range t.prog.Rows {
			if g, ok := strings.CutPrefix(r.Topic, "%RETRY%"); ok && len(r.Topic) < 64 {
				return g
			}
		}
	}
	return ""
}

// subscribes reports whether m takes part in topic's rebalance: members
// without a status file are assumed to; the retry topic is subscribed by
// every member of a CLUSTERING group.
func (m *member) subscribes(topic string) bool {
	if m.status == nil || strings.HasPrefix(topic, "%RETRY%") {
		return true
	}
	for _, s := range m.status.info.Subscriptions {
		if s.Topic == topic {
			return true
		}
	}
	return false
}

// serverSide: the outputs show m as a POP consumer, whose queues the
// broker assigns: its status says clientRebalance=false or lists POP
// queues, or the connection's ConsumeType is CONSUME_POP.
func (m *member) serverSide(consumeType string) bool {
	return m.clientRebal == "false" || consumeType == "CONSUME_POP" || m.status != nil && len(m.status.info.PopQueues) > 0
}
