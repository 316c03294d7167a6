// Package testkit is the one kit the repository's tests build their inputs
// with: queue builders with one naming, client-ID builders, and walkers over
// the committed samples (testdata/cluster, testdata/real, …). It is for
// _test.go files only.
//
// # Queues
//
// Every builder makes queues of topic [Topic] ("T") and takes broker names
// whole: Q("broker-a", 0) is broker "broker-a", queue 0, and so is the field
// "broker-a/0" of [Parse]. No builder adds a prefix to a name.
//
//	Q("broker-a", 0)                  one queue
//	Queues("broker-a", 4)             broker-a/0 … broker-a/3
//	QueuesOn(2, "broker-a", "b")      broker-a/0 broker-a/1 b/0 b/1
//	IDs("broker-a", 3, 1)             broker-a/3 broker-a/1
//	Parse("broker-a/0 b/-1")          broker-a/0 b/-1 (never nil)
//	Show(qs)                          "[broker-a/0 b/-1]", "null" for nil
//
// Package alloc's own internal tests cannot import testkit (testkit imports
// alloc); they build queues with strategies_test.go's queues(topic, broker,
// ids...), and the runnable examples (Example* in example_test.go files)
// stay self-contained, since godoc shows them to users who cannot import an
// internal package. alloc/candidate's queues and members name brokers and
// members as the strategy comparison does (analysis.CompareBroker,
// CompareMember), which testkit cannot import: analysis's own tests import
// testkit.
//
// # Assertions
//
// Tests assert with testify: require when the rest of the test needs the
// check to hold, assert otherwise. testify's signatures take the expected
// value first (assert.Equal(t, want, got)); that order is kept, so its
// failure output reads "expected: want, actual: got". A message of the
// test's own names what was checked and says got before want:
// "Select(%v) = %v, want %v" — the Go convention, never "want …, got …".
// Benchmarks keep b.Fatal: a testify call inside a measured loop
// allocates its message arguments and would change what is measured.
package testkit

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// Topic is the topic of every queue the builders make.
const Topic = "T"

// Q is queue id of broker on [Topic].
func Q(broker string, id int32) alloc.MessageQueue {
	return alloc.MessageQueue{Topic: Topic, BrokerName: broker, QueueID: id}
}

// Queues is broker's queues 0 … n-1 on [Topic].
func Queues(broker string, n int) []alloc.MessageQueue {
	out := make([]alloc.MessageQueue, n)
	for i := range out {
		out[i] = Q(broker, int32(i))
	}
	return out
}

// QueuesOn is n queues (0 … n-1) on each broker in turn.
func QueuesOn(n int, brokers ...string) []alloc.MessageQueue {
	var out []alloc.MessageQueue
	for _, b := range brokers {
		out = append(out, Queues(b, n)...)
	}
	return out
}

// IDs is broker's queues with the given IDs, in that order.
func IDs(broker string, ids ...int32) []alloc.MessageQueue {
	out := make([]alloc.MessageQueue, len(ids))
	for i, id := range ids {
		out[i] = Q(broker, id)
	}
	return out
}

// Parse reads space-separated "broker/id" fields into queues on [Topic];
// the broker name is everything before the last "/". It returns an empty
// list, never nil, and panics on a field without a number after the "/".
func Parse(s string) []alloc.MessageQueue {
	out := []alloc.MessageQueue{}
	for _, f := range strings.Fields(s) {
		i := strings.LastIndexByte(f, '/')
		if i < 0 {
			panic("testkit.Parse: " + strconv.Quote(f) + " is not broker/id")
		}
		id, err := strconv.ParseInt(f[i+1:], 10, 32)
		if err != nil {
			panic("testkit.Parse: " + err.Error())
		}
		out = append(out, Q(f[:i], int32(id)))
	}
	return out
}

// Show writes queues the way [Parse] reads them, in brackets:
// "[broker-a/0 b/-1]"; "[]" for an empty list and "null" for nil. Topics
// are left out.
func Show(qs []alloc.MessageQueue) string {
	if qs == nil {
		return "null"
	}
	parts := make([]string, len(qs))
	for i, q := range qs {
		parts[i] = q.BrokerName + "/" + strconv.Itoa(int(q.QueueID))
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// ClientIDs is prefix+"0" … prefix+(n-1): ClientIDs("c", 3) is c0 c1 c2.
func ClientIDs(prefix string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = prefix + strconv.Itoa(i)
	}
	return out
}

// Root is the repository's root (the directory holding go.mod), found
// from the test's working directory upwards.
func Root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	require.NoError(t, err)
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		require.NotEqual(t, dir, up, "no go.mod above the test's directory")
		dir = up
	}
}

// Testdata is the path of testdata/<elem…> at the repository's root,
// relative to the test's working directory (so messages and subtest names
// read as before: "../../testdata/cluster/x").
func Testdata(t testing.TB, elem ...string) string {
	t.Helper()
	wd, err := os.Getwd()
	require.NoError(t, err)
	p := filepath.Join(append([]string{Root(t), "testdata"}, elem...)...)
	rel, err := filepath.Rel(wd, p)
	require.NoError(t, err)
	return rel
}

// SampleDirs is every directory directly under testdata/<set> (cluster,
// real, real5, timeline, …), sorted; it fails the test when there is none.
func SampleDirs(t testing.TB, set string) []string {
	t.Helper()
	base := Testdata(t, set)
	entries, err := os.ReadDir(base)
	require.NoError(t, err)
	var out []string
	for _, e := range entries {
		if st, err := os.Stat(filepath.Join(base, e.Name())); err == nil && st.IsDir() {
			out = append(out, filepath.Join(base, e.Name()))
		}
	}
	slices.Sort(out)
	require.NotEmpty(t, out, "sample directories under %s", base)
	return out
}

// Shares is every member's MemberShare of p, in Members order.
func Shares(p *alloc.Plan) [][]int32 {
	out := make([][]int32, len(p.Members()))
	for m := range out {
		out[m] = p.MemberShare(m)
	}
	return out
}

// Owners is every queue's Owners in p, in Queues order.
func Owners(p *alloc.Plan) [][]int32 {
	out := make([][]int32, len(p.Queues()))
	for i := range out {
		out[i] = p.Owners(i)
	}
	return out
}
