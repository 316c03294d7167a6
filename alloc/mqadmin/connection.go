package mqadmin

import "strings"

// ParseConsumerConnection reads `mqadmin consumerConnection -g GROUP`:
// the connection table (#ClientId #ClientAddr #Language #Version, one line
// per connection, duplicates kept), "Below is subscription:" with its
// #Topic #SubExpression table, and the ConsumeType / MessageModel /
// ConsumeFromWhere lines. Lines before the header are skipped. The text
// must reach the ConsumeFromWhere line, so a cut paste is an error.
func ParseConsumerConnection(text string) (*Connection, error) {
	lines := splitLines(text)
	_, i, ok := findHeader(lines, 0, "#ClientId", "#ClientId#ClientAddr#Language#Version")
	if !ok {
		return nil, missingHeader(FormatConnection, lines, "#ClientId #ClientAddr #Language #Version (mqadmin consumerConnection -g GROUP)")
	}
	c := &Connection{Clients: []ClientConn{}, Subscriptions: []Subscription{}}
	var fs []field
	const (
		inClients = iota
		inSubscriptionHeader
		inSubscriptions
		inSettings
	)
	state := inClients
	lastSeen := false
	for ; i < len(lines); i++ {
		l := lines[i]
		if l.text == "" {
			if state == inSubscriptions {
				state = inSettings
			}
			continue
		}
		if !printable(l.text) {
			return nil, parseErr(FormatConnection, l.n, 0, "expected text, found binary data")
		}
		switch state {
		case inClients:
			if strings.TrimSpace(l.text) == "Below is subscription:" {
				state = inSubscriptionHeader
				continue
			}
			fs = fields(fs, l.text)
			if len(fs) < 4 {
				return nil, parseErr(FormatConnection, l.n, 0, "expected a connection line \"clientId address language version\" or \"Below is subscription:\", found "+describe(l.text))
			}
			addr, lang, ver := fs[len(fs)-3], fs[len(fs)-2], fs[len(fs)-1]
			if !isLanguage(lang.s) {
				return nil, parseErr(FormatConnection, l.n, column(l.text, lang.off), "expected a language (JAVA, GO, CPP, ...), found "+describe(lang.s))
			}
			if !strings.Contains(addr.s, ":") {
				return nil, parseErr(FormatConnection, l.n, column(l.text, addr.off), "expected a client address ip:port, found "+describe(addr.s))
			}
			c.Clients = append(c.Clients, ClientConn{
				ClientID: strings.TrimSpace(l.text[:addr.off]), ClientAddr: addr.s, Language: lang.s, Version: ver.s, Line: l.n,
			})
		case inSubscriptionHeader:
			if !strings.HasPrefix(compact(l.text), "#Topic#SubExpression") {
				return nil, parseErr(FormatConnection, l.n, 0, "expected the subscription header \"#Topic #SubExpression\", found "+describe(l.text))
			}
			state = inSubscriptions
		case inSubscriptions:
			fs = fields(fs, l.text)
			if len(fs) < 2 {
				return nil, parseErr(FormatConnection, l.n, 0, "expected a subscription line \"topic subExpression\", found "+describe(l.text))
			}
			c.Subscriptions = append(c.Subscriptions, Subscription{Topic: fs[0].s, SubExpression: strings.TrimSpace(l.text[fs[1].off:])})
		case inSettings:
			k, v, ok := strings.Cut(l.text, ":")
			if !ok {
				return nil, parseErr(FormatConnection, l.n, 0, "expected a setting \"Name: value\" (ConsumeType, MessageModel, ConsumeFromWhere), found "+describe(l.text))
			}
			v = strings.TrimSpace(v)
			switch strings.TrimSpace(k) {
			case "ConsumeType":
				if !oneOf(v, "CONSUME_PASSIVELY", "CONSUME_ACTIVELY", "CONSUME_POP") {
					return nil, parseErr(FormatConnection, l.n, len(k)+3, "expected CONSUME_PASSIVELY, CONSUME_ACTIVELY or CONSUME_POP, found "+describe(v))
				}
				c.ConsumeType = v
			case "MessageModel":
				if !oneOf(v, "CLUSTERING", "BROADCASTING") {
					return nil, parseErr(FormatConnection, l.n, len(k)+3, "expected CLUSTERING or BROADCASTING, found "+describe(v))
				}
				c.MessageModel = v
			case "ConsumeFromWhere":
				c.ConsumeFromWhere = v
				lastSeen = true
			}
		}
	}
	if !lastSeen || c.MessageModel == "" {
		last := 0
		if len(lines) > 0 {
			last = lines[len(lines)-1].n
		}
		return nil, parseErr(FormatConnection, last, 0, "the text ends before the \"MessageModel:\" and \"ConsumeFromWhere:\" lines the tool prints last: the paste looks cut; paste the whole output")
	}
	return c, nil
}

// isLanguage: an upper-case LanguageCode name such as JAVA or NODE_JS.
func isLanguage(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'A' && c <= 'Z' || c == '_' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

func oneOf(s string, options ...string) bool {
	for _, o := range options {
		if s == o {
			return true
		}
	}
	return false
}
