package mqadmin_test

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
)

// seeds adds every sample file matching pattern to f.
func seeds(f *testing.F, pattern string) {
	for _, p := range seedFiles(pattern) {
		f.Add(read(f, p))
	}
	f.Add("")
	f.Add("\ufeff\r\n#\r\n")
}

// seedFiles are the sample and real capture files matching pattern (a
// status/* pattern also takes capture.sh's status/<millis>/ files).
func seedFiles(pattern string) []string {
	ps := []string{"../../testdata/cluster/" + pattern, "../../testdata/real*/*/" + pattern, "../../testdata/real*/*/*/" + pattern}
	if strings.HasSuffix(pattern, "status/*") {
		for _, p := range ps[1:] {
			ps = append(ps, p+"/*")
		}
	}
	return files(ps...)
}

// checkErr: a parser returns a value or an *alloc.TextError with a line, never
// both, never anything else.
func checkErr[T any](t *testing.T, v *T, err error) {
	t.Helper()
	if err == nil {
		require.False(t, v == nil, "nil result without error")
		return
	}
	var pe *alloc.TextError
	require.False(t, !errors.As(err, &pe) || v != nil || pe.Line < 0 || pe.Column < 0, "bad error %T %v (value %v)", err, err, v)
}

func FuzzParseTopicRoute(f *testing.F) {
	seeds(f, "*/route.txt")
	f.Fuzz(func(t *testing.T, s string) {
		r, err := mqadmin.ParseTopicRoute(s)
		checkErr(t, r, err)
	})
}

func FuzzParseConsumerConnection(f *testing.F) {
	seeds(f, "*/connection.txt")
	f.Fuzz(func(t *testing.T, s string) {
		c, err := mqadmin.ParseConsumerConnection(s)
		checkErr(t, c, err)
	})
}

func FuzzParseConsumerProgress(f *testing.F) {
	seeds(f, "*/progress.txt")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := mqadmin.ParseConsumerProgress(s)
		checkErr(t, p, err)
		if err == nil {
			checkProgress(t, p)
		}
	})
}

func FuzzParseConsumerStatus(f *testing.F) {
	seeds(f, "*/status/*")
	f.Fuzz(func(t *testing.T, s string) {
		ri, err := mqadmin.ParseConsumerStatus(s)
		checkErr(t, ri, err)
		if err == nil {
			checkStatus(t, ri)
		}
	})
}

// checkProgress: what a read progress always holds. Each row's #Diff is
// its offsets' difference, the footer is the rows' sum, the queues come
// sorted, each broker's from 0 on.
func checkProgress(t *testing.T, p *mqadmin.Progress) {
	var diff, inflight int64
	for i, r := range p.Rows {
		require.False(t, r.Diff != r.BrokerOffset-r.ConsumerOffset, "row %d: diff %d of %d-%d", i, r.Diff, r.BrokerOffset, r.ConsumerOffset)
		diff += r.Diff
		inflight += r.Inflight
		first := i == 0 || p.Rows[i-1].Topic != r.Topic || p.Rows[i-1].BrokerName != r.BrokerName
		require.False(t, first && r.QueueID != 0 && i > 0, "row %d: a broker's list starts at %d", i, r.QueueID)
		require.False(t, i > 0 && p.Rows[i-1].Topic > r.Topic, "row %d: not sorted", i)
	}
	require.False(t, p.DiffTotal == nil || *p.DiffTotal != diff, "diff total %v, rows add up to %d", p.DiffTotal, diff)
	require.False(t, p.Layout == mqadmin.Layout493 && inflight != 0, "inflight %d in the 4.9.3 layout", inflight)
}

// checkStatus: the queues of a read status are sorted and each once.
func checkStatus(t *testing.T, ri *mqadmin.RunningInfo) {
	for i := 1; i < len(ri.Queues); i++ {
		a, b := ri.Queues[i-1], ri.Queues[i]
		require.False(t, a.Topic > b.Topic || a.Topic == b.Topic && (a.BrokerName > b.BrokerName || a.BrokerName == b.BrokerName && a.QueueID >= b.QueueID), "queues %d and %d out of order: %v %v", i-1, i, a, b)
	}
}

// FuzzCut: never half a group. A text that reads, cut anywhere, is
// refused or reads the same (only what follows the queue lists, or
// trailing blanks, may be lost). With one of its queue lines deleted
// (status: from #Consumer Offset# or MQ Detail; progress: a row that is
// not the last of its broker's list, or whose #Diff or #Inflight is not
// 0) it is refused too.
func FuzzCut(f *testing.F) {
	for _, p := range []string{"*/progress*.txt", "*/status/*", "*/connection.txt"} {
		for i, file := range seedFiles(p) {
			f.Add(read(f, file), uint16(i*7919), uint16(i*31))
		}
	}
	f.Fuzz(func(t *testing.T, s string, cut, del uint16) {
		whole := parseAny(s)
		if whole == nil || len(s) == 0 {
			return
		}
		got := parseAny(s[:int(cut)%len(s)])
		require.False(t, got != nil && !sameParse(whole, got), "cut at %d reads as something else:\n%#v\n%#v", int(cut)%len(s), whole, got)
		lines := strings.SplitAfter(s, "\n")
		k := int(del) % len(lines)
		if !carries(whole, lines[k], k+1) {
			return
		}
		got = parseAny(strings.Join(append(lines[:k:k], lines[k+1:]...), ""))
		require.True(t, got == nil, "line %d %q deleted, still read", k+1, lines[k])
	})
}

// carries: line n (text l) of a text read as v is a queue line whose loss
// the format's redundancy shows.
func carries(v any, l string, n int) bool {
	switch x := v.(type) {
	case *mqadmin.Progress:
		for i, r := range x.Rows {
			if r.Line != n {
				continue
			}
			last := i == len(x.Rows)-1 || x.Rows[i+1].Topic != r.Topic || x.Rows[i+1].BrokerName != r.BrokerName || x.Rows[i+1].QueueID == 0
			return !last || r.Diff != 0 || r.Inflight != 0
		}
	case *mqadmin.RunningInfo:
		fs := strings.Fields(l)
		for _, q := range x.Queues {
			if len(fs) >= 4 && fs[0] == q.Topic && fs[1] == q.BrokerName && fs[2] == strconv.Itoa(int(q.QueueID)) {
				return true
			}
		}
	}
	return false
}

// sameParse compares two reads, ignoring line numbers.
func sameParse(a, b any) bool {
	norm := func(v any) any {
		switch x := v.(type) {
		case *mqadmin.Progress:
			c := *x
			c.Rows = nil
			for _, r := range x.Rows {
				r.Line = 0
				c.Rows = append(c.Rows, r)
			}
			return c
		case *mqadmin.RunningInfo:
			c := *x
			c.Queues, c.PopQueues = nil, nil
			for _, q := range x.Queues {
				q.Line = 0
				c.Queues = append(c.Queues, q)
			}
			for _, q := range x.PopQueues {
				q.Line = 0
				c.PopQueues = append(c.PopQueues, q)
			}
			return c
		case *mqadmin.Connection:
			c := *x
			c.ConsumeFromWhere = "" // CONSUME_FROM_LAST_OFFSET_AND_... cut is CONSUME_FROM_LAST_OFFSET
			c.Clients = nil
			for _, cc := range x.Clients {
				cc.Line = 0
				c.Clients = append(c.Clients, cc)
			}
			return c
		}
		return v
	}
	return reflect.DeepEqual(norm(a), norm(b))
}
