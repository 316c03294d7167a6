//go:build live

package livetest

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
)

var goTopic = topic("T_go", queuesOn{"broker-a": 3, "broker-b": 3})

// TestJavaAndGoDisagree: one group of two Java 4.9.3 consumers and one
// rocketmq-client-go 2.1.2 consumer, all on the Go client's IP. Java sorts
// client IDs by UTF-16 units (😀 < ｲ < ｲ😀), Go by UTF-8 bytes (ｲ < ｲ😀 < 😀),
// so the Go member takes another index than the Java members think: a queue
// is really consumed twice, as rmqalloc predicts member by member, and the
// doctor finds it on the real output.
func TestJavaAndGoDisagree(t *testing.T) {
	t.Parallel()
	g := "G_go"
	m := startMixedGroup(t, g, goTopic, "go-mix", theKit.kitgo)
	members := map[string]member{
		m.javaA: {profile: javaProfile, spec: mustSpec("avg")},
		m.javaB: {profile: javaProfile, spec: mustSpec("avg")},
		m.goID:  {profile: goProfile, spec: mustSpec("avg")},
	}
	m.settleJava(t, members)
	goID := m.goID
	v, reason := observe(g, []string{goTopic}, false)
	require.Empty(t, reason)
	want, err := expect(g, v, members)
	require.NoError(t, err)
	double := heldTwice(want)
	require.NotEmpty(t, double, "Java and Go must disagree here: %v", want)

	// Messages on every queue: a queue held twice is then consumed twice
	// (an empty one costs nothing yet, which the doctor says as EMPTY_QUEUE).
	sends, _ := sendCount(t, "go_mix_producer", goTopic, 32)
	require.Greater(t, sent(sends), 0)

	// The Go member's queues, from consumerStatus (capture.sh), until they
	// are its predicted share; the doctor then reads the same capture.
	dir := m.captureWhenGoHolds(t, "go-mixed", mainOnly(want[goID]))
	rep := diagnose(t, dir)
	assert.False(t, rep.OK, rep.Text())
	codes := findingCodes(rep)
	assert.Contains(t, codes, doctor.CodeDoubleOwned, rep.Text())
	assert.Contains(t, codes, doctor.CodeMixedLanguages, rep.Text())
	assert.Equal(t, double, queuesWithStatus(rep, goTopic, doctor.StatusDoubleOwned), rep.Text())
}

// statusHeld reads the queues of topic that a client's consumerStatus file
// (capture.sh: status/<millis>/<clientId>) lists as held and not dropped.
func statusHeld(dir, cid, topic string) ([]string, error) {
	files, _ := filepath.Glob(filepath.Join(dir, "status", "*", cid))
	if len(files) != 1 {
		return nil, fmt.Errorf("%d status files for %s in %s", len(files), cid, dir)
	}
	b, err := os.ReadFile(files[0])
	if err != nil {
		return nil, err
	}
	info, err := mqadmin.ParseConsumerStatus(string(b))
	if err != nil {
		return nil, err
	}
	var out []string
	for _, q := range info.Queues {
		if q.Topic == topic && !q.Dropped {
			out = append(out, q.BrokerName+"/"+q.Topic+"/"+strconv.Itoa(int(q.QueueID)))
		}
	}
	sort.Strings(out)
	return out, nil
}

// mixedGroup is two Java members and one Go member of one group, all on the
// Go client's IP, named 😀 and ｲ (Java) and ｲ😀 (Go): Java sorts them
// 😀 < ｲ < ｲ😀 by UTF-16 units, Go ｲ < ｲ😀 < 😀 by UTF-8 bytes.
type mixedGroup struct {
	group, topic, hold string
	goID, javaA, javaB string
}

// startMixedGroup starts the Go consumer goBinary (the kit's, or clientgo's
// liveconsumer with goArgs) first, to learn its client ID, then the two
// Java members on its IP.
func startMixedGroup(t *testing.T, g, topic, name, goBinary string, goArgs ...string) *mixedGroup {
	t.Helper()
	k := theKit
	k.bg(t, name, append([]string{goBinary, "-n", k.namesrv, "-g", g, "-t", topic, "-i", "ｲ😀"}, goArgs...)...)
	m := &mixedGroup{group: g, topic: topic, hold: k.holdPath(g)}
	settle(t, "the Go consumer of "+g+" registers", 90*time.Second, func() (bool, string) {
		ids, err := consumerIDs(brokerAddr["broker-a"], g)
		if err != nil || len(ids) != 1 {
			return false, fmt.Sprintf("client IDs %q (%v); log:\n%s", ids, err, k.log(name))
		}
		m.goID = ids[0]
		return true, m.goID
	})
	ip, _, _ := strings.Cut(m.goID, "@")
	k.liveConsumer(t, name+"-java", 2, "-n", k.namesrv, "-g", g, "-t", topic, "-hold", m.hold, "-ip", ip, "😀", "-ip", ip, "ｲ")
	m.javaA, m.javaB = ip+"@😀", ip+"@ｲ"
	return m
}

// settleJava waits until the Java members hold their predicted shares (the
// Go one has no hold file; it is in the client ID list all of them use).
func (m *mixedGroup) settleJava(t *testing.T, members map[string]member) {
	t.Helper()
	javaOnly := map[string]member{m.javaA: members[m.javaA], m.javaB: members[m.javaB]}
	lg := &liveGroup{name: m.group, topics: []string{m.topic}, holds: []string{m.hold}, members: javaOnly, lines: 2, cids: 3}
	settle(t, m.group+" (Java members)", 150*time.Second, lg.check)
}

// captureWhenGoHolds captures the group (capture.sh) until the Go member's
// consumerStatus lists exactly share, its predicted queues of the topic;
// the folder of that capture.
func (m *mixedGroup) captureWhenGoHolds(t *testing.T, scenario string, share []string) string {
	t.Helper()
	deadline := time.Now().Add(150 * time.Second)
	for attempt := 1; ; attempt++ {
		dir := theKit.capture(t, scenario+"-"+strconv.Itoa(attempt), m.topic, m.group, 3, m.hold)
		got, err := statusHeld(dir, m.goID, m.topic)
		if err == nil && strings.Join(got, " ") == strings.Join(share, " ") {
			t.Logf("the Go consumer %s holds %v (capture %d)", m.goID, got, attempt)
			return dir
		}
		if time.Now().After(deadline) {
			t.Fatalf("the Go consumer %s holds %v (%v), rmqalloc predicts %v", m.goID, got, err, share)
		}
		time.Sleep(5 * time.Second)
	}
}
