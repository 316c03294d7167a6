//go:build !(js && wasm)

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/clients"
	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
)

// wholeNumber reads a count flag: digits only, from min to max.
func wholeNumber(flag, v string, min, max int) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || strings.Trim(v, "0123456789") != "" || n < min || n > max {
		return 0, usageErr("%s %s: want a whole number from %d to %d", flag, v, min, max)
	}
	return n, nil
}

var digits = regexp.MustCompile(`^\d+$`)

// brokerName is broker-a, ..., broker-z, broker-aa, ... (the playground's).
func brokerName(i int) string {
	s := ""
	for n := i; n >= 0; n = n/26 - 1 {
		s = string(rune('a'+n%26)) + s
	}
	return "broker-" + s
}

// generatedConsumers are --consumers N's IDs.
func generatedConsumers(n int) []string {
	out := make([]string, n)
	for i := 1; i <= n; i++ {
		out[i-1] = fmt.Sprintf("192.168.%d.%d@%d", 1+(i-1)/254, 1+(i-1)%254, 4000+i)
	}
	return out
}

var clientIDHeader = regexp.MustCompile(`(?m)^#ClientId\b`)

// consumersOf reads --consumers: N, a comma list, or @FILE.
func (r *reader) consumersOf(v string) ([]string, error) {
	if strings.HasPrefix(v, "@") {
		s, err := r.read(v[1:], "--consumers")
		if err != nil {
			return nil, err
		}
		if bad := strings.IndexAny(s.text, "\x00\uFFFD"); bad >= 0 {
			return nil, textErr(s.file, strings.Count(s.text[:bad], "\n")+1, 0, "not text (a NUL or a byte that is not UTF-8): want client IDs, one per line, or mqadmin consumerConnection output")
		}
		if clientIDHeader.MatchString(s.text) {
			c, err := mqadmin.ParseConsumerConnection(s.text)
			if err != nil {
				var te *alloc.TextError
				if errors.As(err, &te) {
					return nil, textErr(s.file, te.Line, te.Column, te.Msg)
				}
				return nil, err
			}
			ids := make([]string, len(c.Clients))
			for i, cl := range c.Clients {
				ids[i] = cl.ClientID
			}
			return ids, nil
		}
		var ids []string
		for _, l := range strings.Split(s.text, "\n") {
			l = strings.TrimSpace(l)
			if l != "" && !strings.HasPrefix(l, "#") {
				ids = append(ids, l)
			}
		}
		return ids, nil
	}
	if digits.MatchString(v) {
		n, err := wholeNumber("--consumers", v, 0, 100000)
		if err != nil {
			return nil, err
		}
		return generatedConsumers(n), nil
	}
	var ids []string
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			ids = append(ids, s)
		}
	}
	return ids, nil
}

var routeFileName = regexp.MustCompile(`^route\.(.+)\.txt$`)

// planTopic is the plan's topic: TOPIC= of --route, else --topic, else
// route.TOPIC.txt's name; "" (named) false when nothing names it.
func planTopic(a *args, strategy string) (string, bool, error) {
	if !a.has("route") {
		if a.has("topic") {
			return a.str("topic"), true, nil
		}
		return "TopicTest", true, nil
	}
	fromArg, file := routeArg(a.str("route"))
	if fromArg != "" && a.has("topic") && fromArg != a.str("topic") {
		return "", false, usageErr("--route %s names topic %s but --topic says %s: give one", a.str("route"), fromArg, a.str("topic"))
	}
	topic, named := fromArg, fromArg != ""
	if !named && a.has("topic") {
		topic, named = a.str("topic"), true
	}
	if m := routeFileName.FindStringSubmatch(filepath.Base(file)); !named && file != "-" && m != nil {
		topic, named = m[1], true
	}
	if named {
		if strings.TrimSpace(topic) == "" {
			return "", false, usageErr("--topic: an empty topic name")
		}
		return topic, true, nil
	}
	if strategy == "CONSISTENT_HASH" {
		return "", false, usageErr("--route %s: mqadmin topicRoute does not print the topic's name, and CONSISTENT_HASH hashes it into every queue's key: give --route TOPIC=%s or --topic TOPIC", a.str("route"), file)
	}
	return "", false, nil
}

// planQueues are the topic's queues (the consumers' subscribe set).
func (r *reader) planQueues(a *args, topic string) ([]alloc.MessageQueue, error) {
	if a.has("route") {
		if a.has("brokers") || a.has("queues") {
			return nil, usageErr("give --route or --brokers/--queues, not both")
		}
		_, file := routeArg(a.str("route"))
		s, err := r.read(file, "--route")
		if err != nil {
			return nil, err
		}
		if strings.TrimSpace(s.text) == "" {
			return nil, inputErr(s.file, "it is empty (expected the output of mqadmin topicRoute -t TOPIC)")
		}
		rt, err := mqadmin.ParseTopicRoute(s.text)
		if err == nil {
			var sub []alloc.MessageQueue
			if _, sub, err = rt.Queues(topic); err == nil {
				return sub, nil
			}
		}
		var te *alloc.TextError
		if errors.As(err, &te) {
			return nil, textErr(s.file, te.Line, te.Column, strings.Replace(te.Msg, "(wrong box?)", "(wrong file?)", 1))
		}
		var ae *alloc.Error
		if errors.As(err, &ae) {
			return nil, inputErr(s.file, "%s", ae.Msg)
		}
		return nil, err
	}
	if !a.has("brokers") {
		return nil, usageErr("plan: give --route FILE or --brokers N (rmqalloc plan --help)")
	}
	var brokers []string
	if b := a.str("brokers"); digits.MatchString(b) {
		n, err := wholeNumber("--brokers", b, 1, 10000)
		if err != nil {
			return nil, err
		}
		for i := range n {
			brokers = append(brokers, brokerName(i))
		}
	} else {
		for _, s := range strings.Split(b, ",") {
			if s = strings.TrimSpace(s); s != "" {
				brokers = append(brokers, s)
			}
		}
	}
	perBroker := 4
	if a.has("queues") {
		var err error
		if perBroker, err = wholeNumber("--queues", a.str("queues"), 1, 65536); err != nil {
			return nil, err
		}
	}
	var out []alloc.MessageQueue
	for _, b := range brokers {
		for q := range perBroker {
			out = append(out, alloc.MessageQueue{Topic: topic, BrokerName: b, QueueID: int32(q)})
		}
	}
	return out, nil
}

// describeQueues is "broker-a 0-3, broker-b 0 2": a consumer's queues.
func describeQueues(qs []alloc.MessageQueue) string {
	var parts []string
	for i := 0; i < len(qs); {
		b := qs[i].BrokerName
		var ids []int32
		for ; i < len(qs) && qs[i].BrokerName == b; i++ {
			ids = append(ids, qs[i].QueueID)
		}
		var runs []string
		for k := 0; k < len(ids); {
			j := k
			for j+1 < len(ids) && ids[j+1] == ids[j]+1 {
				j++
			}
			if j > k {
				runs = append(runs, fmt.Sprintf("%d-%d", ids[k], ids[j]))
			} else {
				runs = append(runs, strconv.Itoa(int(ids[k])))
			}
			k = j + 1
		}
		parts = append(parts, b+" "+strings.Join(runs, " "))
	}
	return strings.Join(parts, ", ")
}

// strategyName reads --strategy in any case.
func strategyName(v string, known []string, flag string) (string, error) {
	s := strings.ToUpper(strings.TrimSpace(v))
	if !slices.Contains(known, s) {
		return "", usageErr("%s %s: plan knows %s (the JS API has every strategy)", flag, v, strings.Join(known, ", "))
	}
	return s, nil
}

func planCommand(e *env, argv []string) (int, error) {
	a, err := parseFlags("plan", commandFlags["plan"], argv)
	if err != nil {
		return 0, err
	}
	if a.has("help") {
		fmt.Fprintln(e.stdout, planHelp)
		return exitOK, nil
	}
	if len(a.positionals) > 0 {
		return 0, usageErr("plan: unexpected argument %q (rmqalloc plan --help)", a.positionals[0])
	}
	if a.has("compare") {
		return compareCommand(e, a)
	}
	if a.has("markdown") {
		return 0, usageErr("--markdown is for --compare")
	}
	if !a.has("consumers") {
		return 0, usageErr("plan: missing --consumers (rmqalloc plan --help)")
	}
	strategy := strategies[0]
	if a.has("strategy") {
		if strategy, err = strategyName(a.str("strategy"), strategies, "--strategy"); err != nil {
			return 0, err
		}
	}
	profile := profiles[0]
	if a.has("profile") {
		profile = strings.ToLower(strings.TrimSpace(a.str("profile")))
		if !slices.Contains(profiles, profile) {
			return 0, usageErr("--profile %s: want one of %s", a.str("profile"), strings.Join(profiles, ", "))
		}
	}
	spec := alloc.StrategySpec{Name: strategy}
	if strategy == "CONSISTENT_HASH" {
		vn := 10
		if a.has("vnodes") {
			if vn, err = wholeNumber("--vnodes", a.str("vnodes"), 0, 10000); err != nil {
				return 0, err
			}
		}
		spec.VirtualNodeCnt = &vn
	} else if a.has("vnodes") {
		return 0, usageErr("--vnodes is for --strategy CONSISTENT_HASH")
	}
	topic, named, err := planTopic(a, strategy)
	if err != nil {
		return 0, err
	}
	r := &reader{stdin: e.stdin}
	// Unnamed: any name gives AVG's and AVG_BY_CIRCLE's answer; the output
	// names the file instead.
	qtopic := topic
	if !named {
		qtopic = "unnamed"
	}
	queues, err := r.planQueues(a, qtopic)
	if err != nil {
		return 0, err
	}
	title := topic
	if !named {
		_, file := routeArg(a.str("route"))
		if file == "-" {
			file = "stdin"
		}
		title = filepath.Base(file) + " (topic not named: --route TOPIC=FILE)"
	}
	consumers, err := r.consumersOf(a.str("consumers"))
	if err != nil {
		return 0, err
	}
	if len(consumers) == 0 {
		where := ""
		if strings.HasPrefix(a.str("consumers"), "@") {
			where = " in the file"
		}
		return 0, usageErr("--consumers %s: no client IDs%s", a.str("consumers"), where)
	}
	client, err := clients.Parse(profile)
	if err != nil {
		return 0, err
	}
	s, err := client.NewStrategy(spec)
	if err != nil {
		return 0, allocError(err)
	}
	// The real client sorts the queues and the client IDs first.
	if err := client.SortQueues(queues); err != nil {
		return 0, allocError(err)
	}
	client.SortClientIDs(consumers)
	p, err := alloc.AllocateAll(s, "", queues, consumers)
	if err != nil {
		return 0, allocError(err)
	}
	if a.has("json") {
		return exitOK, planJSON(e, p, topic, named, strategy, profile, len(queues))
	}
	fmt.Fprint(e.stdout, planText(p, title, profile, len(queues), len(consumers), e.width()))
	return exitOK, nil
}

// allocError: the allocate call's own refusal, as the Java class says it.
func allocError(err error) error {
	var ae *alloc.Error
	if errors.As(err, &ae) {
		msg := ae.Msg
		if ae.JavaClass != "" {
			msg = string(ae.JavaClass) + ": " + msg
		}
		return usageErr("%s", msg)
	}
	return err
}

func planJSON(e *env, p *alloc.Plan, topic string, named bool, strategy, profile string, queues int) error {
	type queue struct {
		BrokerName string `json:"brokerName"`
		QueueID    int32  `json:"queueId"`
	}
	var b strings.Builder
	b.WriteString(`{"topic":`)
	writeJSON(&b, map[bool]any{true: topic, false: nil}[named])
	b.WriteString(`,"strategy":`)
	writeJSON(&b, strategy)
	b.WriteString(`,"profile":`)
	writeJSON(&b, profile)
	b.WriteString(`,"queues":` + strconv.Itoa(queues) + `,"assignments":{`)
	errs := map[string]string{}
	var errOrder []string
	first := true
	for i, m := range p.Members() {
		if err := p.MemberErr(i); err != nil {
			if _, seen := errs[m]; !seen {
				errOrder = append(errOrder, m)
			}
			errs[m] = errMessage(err)
			continue
		}
		qs := []queue{}
		for _, q := range p.MemberQueues(i) {
			qs = append(qs, queue{q.BrokerName, q.QueueID})
		}
		if !first {
			b.WriteString(",")
		}
		first = false
		writeJSON(&b, m)
		b.WriteString(":")
		writeJSON(&b, qs)
	}
	b.WriteString("}")
	if len(errOrder) > 0 {
		b.WriteString(`,"errors":{`)
		for i, m := range errOrder {
			if i > 0 {
				b.WriteString(",")
			}
			writeJSON(&b, m)
			b.WriteString(":")
			writeJSON(&b, errs[m])
		}
		b.WriteString("}")
	}
	b.WriteString("}\n")
	_, err := io.WriteString(e.stdout, b.String())
	return err
}

func errMessage(err error) string {
	var ae *alloc.Error
	if errors.As(err, &ae) {
		return ae.Msg
	}
	return err.Error()
}

// writeJSON writes v as JSON.stringify does (no HTML escaping).
func writeJSON(b *strings.Builder, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
	b.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
}

// planText: the title, then a line per consumer (its queue count and
// ranges), the ranges wrapped under themselves to fit width.
func planText(p *alloc.Plan, title, profile string, queues, consumers, width int) string {
	var lines []string
	lines = append(lines, wrap(fmt.Sprintf("%s: %d queues, %d consumers, %s on %s", title, queues, consumers, p.Strategy(), profile), width, "  ")...)
	lines = append(lines, "")
	idw := 0
	for _, m := range p.Members() {
		idw = max(idw, len([]rune(m)))
	}
	idw = min(idw, 40)
	for i, m := range p.Members() {
		n, desc := "error", ""
		if err := p.MemberErr(i); err != nil {
			desc = errMessage(err)
		} else {
			qs := p.MemberQueues(i)
			n = strconv.Itoa(len(qs)) + " queue"
			if len(qs) != 1 {
				n += "s"
			}
			desc = describeQueues(qs)
		}
		head := padEnd(m, idw) + "  " + padStart(n, 10) + "  "
		indent := strings.Repeat(" ", len([]rune(head)))
		if width-len(indent) < 24 {
			indent = "    "
			lines = append(lines, strings.TrimRight(head, " "))
			lines = append(lines, wrap(indent+desc, width, indent)...)
			continue
		}
		lines = append(lines, wrap(head+desc, width, indent)...)
	}
	return strings.Join(lines, "\n") + "\n"
}
