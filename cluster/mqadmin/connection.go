package mqadmin

import (
	"strconv"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// ParseConsumerConnection reads `mqadmin consumerConnection -g GROUP`:
// the connection table (#ClientId #ClientAddr #Language #Version, one line
// per connection, duplicates kept), "Below is subscription:" with its
// #Topic #SubExpression table, and the ConsumeType / MessageModel /
// ConsumeFromWhere lines. Lines before the header are skipped. The text
// must reach the ConsumeFromWhere line, so a cut paste is an error.
func ParseConsumerConnection(text string) (*Connection, error) {
	lines, perr := readLines(FormatConnection, text)
	if perr != nil {
		return nil, perr
	}
	_, start, i, ok := findHeader(lines, 0, "#ClientId", "#ClientId#ClientAddr#Language#Version")
	if !ok {
		return nil, missingHeader(FormatConnection, lines, "#ClientId #ClientAddr #Language #Version (mqadmin consumerConnection -g GROUP)")
	}
	for _, l := range lines[:start] {
		if _, err := connectionLine(l); err == nil {
			return nil, parseErr(FormatConnection, l.n, 0, "a connection line above the header (line "+strconv.Itoa(lines[start].n)+"): the text is pieced together out of order; paste the whole output as printed")
		}
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
	addrLine := map[string]int{}
	settings := 0 // how many of ConsumeType, MessageModel, ConsumeFromWhere, in order
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
			cc, err := connectionLine(l)
			if err != nil {
				return nil, err
			}
			if first, dup := addrLine[cc.ClientAddr]; dup {
				// One TCP connection per address: two lines with one
				// address are one line repeated, not two processes.
				return nil, parseErr(FormatConnection, l.n, 0, "connection address "+cc.ClientAddr+" is on line "+strconv.Itoa(first)+" too: each line is one connection, and two connections never share an address (a duplicated line?)")
			}
			addrLine[cc.ClientAddr] = l.n
			c.Clients = append(c.Clients, cc)
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
			if !ValidName(fs[0].s) {
				return nil, badNameError(FormatConnection, l, fs[0].s)
			}
			c.Subscriptions = append(c.Subscriptions, Subscription{Topic: fs[0].s, SubExpression: strings.TrimSpace(l.text[fs[1].off:])})
		case inSettings:
			k, v, ok := strings.Cut(l.text, ":")
			if !ok {
				return nil, parseErr(FormatConnection, l.n, 0, "expected a setting \"Name: value\" (ConsumeType, MessageModel, ConsumeFromWhere), found "+describe(l.text))
			}
			v = strings.TrimSpace(v)
			k = strings.TrimSpace(k)
			if want := settingNames[min(settings, 2)]; k != want || settings == 3 {
				if settings == 3 {
					want = "nothing (ConsumeFromWhere is the last line the tool prints)"
				}
				return nil, parseErr(FormatConnection, l.n, 0, "expected "+want+", found "+describe(l.text)+": the tool prints ConsumeType, MessageModel, ConsumeFromWhere in that order")
			}
			settings++
			switch k {
			case "ConsumeType":
				if !oneOf(v, consumeTypes...) {
					return nil, parseErr(FormatConnection, l.n, len(k)+3, "expected CONSUME_PASSIVELY, CONSUME_ACTIVELY or CONSUME_POP, found "+describe(v))
				}
				c.ConsumeType = v
			case "MessageModel":
				if !oneOf(v, messageModels...) {
					return nil, parseErr(FormatConnection, l.n, len(k)+3, "expected CLUSTERING or BROADCASTING, found "+describe(v))
				}
				c.MessageModel = v
			case "ConsumeFromWhere":
				if !oneOf(v, consumeFromWheres...) {
					return nil, parseErr(FormatConnection, l.n, len(k)+3, "expected a ConsumeFromWhere name ("+strings.Join(consumeFromWheres[:3], ", ")+", ...), found "+describe(v)+" (cut line?)")
				}
				c.ConsumeFromWhere = v
			}
		}
	}
	if settings < 3 {
		last := 0
		if len(lines) > 0 {
			last = lines[len(lines)-1].n
		}
		return nil, parseErr(FormatConnection, last, 0, "the text ends before the \"MessageModel:\" and \"ConsumeFromWhere:\" lines the tool prints last: the paste looks cut; paste the whole output")
	}
	return c, nil
}

var settingNames = [3]string{"ConsumeType", "MessageModel", "ConsumeFromWhere"}

// The values of the three settings lines ParseConsumerConnection accepts.
// consumeFromWheres: the last three are deprecated, still printed for old
// clients; "null" when the broker has none.
var (
	consumeTypes      = []string{"CONSUME_PASSIVELY", "CONSUME_ACTIVELY", "CONSUME_POP"}
	messageModels     = []string{"CLUSTERING", "BROADCASTING"}
	consumeFromWheres = []string{
		"CONSUME_FROM_LAST_OFFSET", "CONSUME_FROM_FIRST_OFFSET", "CONSUME_FROM_TIMESTAMP",
		"CONSUME_FROM_LAST_OFFSET_AND_FROM_MIN_WHEN_BOOT_FIRST", "CONSUME_FROM_MIN_OFFSET", "CONSUME_FROM_MAX_OFFSET", "null",
	}
)

// connectionLine reads "clientId address language version"; the client ID
// may contain blanks.
func connectionLine(l line) (ClientConn, *alloc.TextError) {
	fs := fields(nil, l.text)
	if len(fs) < 4 {
		return ClientConn{}, parseErr(FormatConnection, l.n, 0, "expected a connection line \"clientId address language version\" or \"Below is subscription:\", found "+describe(l.text))
	}
	addr, lang, ver := fs[len(fs)-3], fs[len(fs)-2], fs[len(fs)-1]
	if !IsLanguage(lang.s) {
		return ClientConn{}, parseErr(FormatConnection, l.n, column(l.text, lang.off), "expected a language (JAVA, GO, CPP, ...), found "+describe(lang.s))
	}
	if !strings.Contains(addr.s, ":") {
		return ClientConn{}, parseErr(FormatConnection, l.n, column(l.text, addr.off), "expected a client address ip:port, found "+describe(addr.s))
	}
	return ClientConn{ClientID: strings.TrimSpace(l.text[:addr.off]), ClientAddr: addr.s, Language: lang.s, Version: ver.s, Line: l.n}, nil
}

// KnownSettings: consumeType, messageModel and fromWhere (ConsumeFromWhere) are values
// ParseConsumerConnection accepts (a reader that skips the text asks this).
func KnownSettings(consumeType, messageModel, fromWhere string) bool {
	return oneOf(consumeType, consumeTypes...) && oneOf(messageModel, messageModels...) && oneOf(fromWhere, consumeFromWheres...)
}

// IsLanguage: an upper-case LanguageCode name such as JAVA or NODE_JS, as
// a connection line must carry.
func IsLanguage(s string) bool {
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
