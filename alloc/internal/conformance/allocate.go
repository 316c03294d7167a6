package conformance

import (
	"encoding/json"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/internal/wtf8json"
)

// The allocate op of the classic Java client profiles (FORMAT.md,
// "allocate"): for every distinct cid of currentCIDs, the result of the
// strategy's allocate(group, cid, mqAll, cidAll).
func init() {
	register("allocate", javaAllocate(alloc.Java493), alloc.Java493.Name())
	register("allocate", javaAllocate(alloc.Java533), alloc.Java533.Name())
}

// javaAllocateCase is an allocate case as the Java profiles read it.
// Pointers and nil slices keep JSON null apart from "" and [].
type javaAllocateCase struct {
	ID          string        `json:"id"`
	Strategy    *wireStrategy `json:"strategy"`
	Group       string        `json:"group"`
	MqAll       []Queue       `json:"mqAll"`
	CidAll      []*string     `json:"cidAll"`
	CurrentCIDs []*string     `json:"currentCIDs"`
	SortFirst   bool          `json:"sortFirst"`
}

// wireStrategy is FORMAT.md's strategy object.
type wireStrategy struct {
	Name             string          `json:"name"`
	MessageQueueList json.RawMessage `json:"messageQueueList"`
	ConsumerIDCs     []string        `json:"consumeridcs"`
	VirtualNodeCnt   *int            `json:"virtualNodeCnt"`
	Inner            *wireStrategy   `json:"inner"`
	Resolver         *struct {
		Sep           string `json:"sep"`
		BrokerField   int    `json:"brokerField"`
		ConsumerField int    `json:"consumerField"`
	} `json:"resolver"`
}

// spec converts the wire object to alloc's StrategySpec.
func (w *wireStrategy) spec() (alloc.StrategySpec, error) {
	s := alloc.StrategySpec{Name: w.Name, ConsumerIDCs: w.ConsumerIDCs, VirtualNodeCnt: w.VirtualNodeCnt}
	if raw := strings.TrimSpace(string(w.MessageQueueList)); raw != "" && raw != "null" {
		var qs []Queue
		if err := json.Unmarshal(w.MessageQueueList, &qs); err != nil {
			return s, err
		}
		wtf8json.Restore(&qs) // the raw text kept wtf8json's rewriting
		s.MessageQueueList, s.HasMessageQueueList = toModel(qs), true
	}
	if w.Inner != nil {
		inner, err := w.Inner.spec()
		if err != nil {
			return s, err
		}
		s.Inner = &inner
	}
	if r := w.Resolver; r != nil {
		s.Resolver = &alloc.SplitResolverSpec{Sep: r.Sep, BrokerField: r.BrokerField, ConsumerField: r.ConsumerField}
	}
	return s, nil
}

// javaAllocateResult is the result line; Name and Results are absent when
// the strategy cannot be built (then Error and Message are set).
type javaAllocateResult struct {
	ID      string         `json:"id"`
	Name    string         `json:"name,omitempty"`
	Results map[string]any `json:"results,omitempty"`
	Error   string         `json:"error,omitempty"`
	Message string         `json:"message,omitempty"`
}

// javaQueues is one cid's successful result; nil Queues is Java's null.
type javaQueues struct {
	Queues []Queue `json:"queues"`
}

func javaAllocate(client alloc.JavaClient) handler {
	return func(line []byte) (any, error) {
		var c javaAllocateCase
		if err := wtf8json.Unmarshal(line, &c); err != nil {
			return nil, err
		}
		if c.Strategy == nil {
			c.Strategy = &wireStrategy{}
		}
		spec, err := c.Strategy.spec()
		if err != nil {
			return nil, err
		}
		s, err := client.NewStrategy(spec)
		if err != nil {
			e := errorOf(err)
			return javaAllocateResult{ID: c.ID, Error: e.Error, Message: e.Message}, nil
		}
		mqAll := toModel(c.MqAll)
		cidAll, hasNull := cidsOf(c.CidAll, c.CurrentCIDs)
		if c.SortFirst {
			// The rebalance sorts mqAll, then cidAll. When the JDK's sort
			// fails every consumer of the group hits that error.
			if err := alloc.SortQueues(mqAll); err != nil {
				return javaAllocateResult{ID: c.ID, Name: s.Name(), Results: answerEachWith(err, c.CurrentCIDs)}, nil
			}
			if hasNull {
				// Java's Collections.sort throws on a null element.
				return javaAllocateResult{ID: c.ID, Error: alloc.NullPointerException, Message: "null in cidAll while sorting"}, nil
			}
			alloc.SortClientIDs(cidAll)
		}
		return javaAllocateResult{ID: c.ID, Name: s.Name(), Results: answerEach(s, c.Group, c.CurrentCIDs, mqAll, cidAll)}, nil
	}
}

// cidsOf converts the wire cidAll. Go strings have no null, so a null
// member becomes a placeholder ID that equals no other string of the case:
// like Java's null it fills a slot (counts in C, takes a position), and no
// currentCID matches it (a null currentCID fails check 1 first). This is
// exact for every strategy that only compares and counts members (AVG,
// AVG_BY_CIRCLE, CONFIG, MACHINE_ROOM); CONSISTENT_HASH would hash Java's
// "null-k" and MACHINE_ROOM_NEARBY's resolver would throw, which the
// placeholder does not reproduce (no vector has those). A nil list stays
// nil.
func cidsOf(cidAll, current []*string) ([]string, bool) {
	if cidAll == nil {
		return nil, false
	}
	taken := map[string]bool{}
	for _, l := range [][]*string{cidAll, current} {
		for _, p := range l {
			if p != nil {
				taken[*p] = true
			}
		}
	}
	placeholder := "\x00null"
	for taken[placeholder] {
		placeholder += "\x00"
	}
	out := make([]string, len(cidAll))
	hasNull := false
	for i, p := range cidAll {
		if p == nil {
			out[i], hasNull = placeholder, true
			continue
		}
		out[i] = *p
	}
	return out, hasNull
}

// answerEachWith is the results map of a case where every cid of
// currentCIDs answers err.
func answerEachWith(err error, currentCIDs []*string) map[string]any {
	results := map[string]any{}
	for _, p := range currentCIDs {
		key := "<null>"
		if p != nil {
			key = *p
		}
		results[key] = errorOf(err)
	}
	return results
}

// answerEach is the results map of an allocate case: one answer per
// distinct cid of currentCIDs, a null cid keyed "<null>" and asked as ""
// (which every strategy answers as it answers null).
func answerEach(s alloc.Strategy, group string, currentCIDs []*string, mqAll []alloc.MessageQueue, cidAll []string) map[string]any {
	results := map[string]any{}
	for _, p := range currentCIDs {
		key, cid := "<null>", ""
		if p != nil {
			key, cid = *p, *p
		}
		if _, done := results[key]; done {
			continue
		}
		qs, err := s.Allocate(group, cid, mqAll, cidAll)
		if err != nil {
			results[key] = errorOf(err)
			continue
		}
		results[key] = javaQueues{Queues: fromModel(qs)}
	}
	return results
}
