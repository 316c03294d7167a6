//go:build live

package livetest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/live"
)

// aclOneBroker is a 4.9.3 broker with the plain ACL on (no TLS) that
// joins the kit's own NameServer as broker-acl1 (ports 10989-10992:
// free in the kit and the secured clusters).
const aclOneBroker = 10991

// TestACLOnOneBroker: a topic on broker-a (no ACL) and broker-acl1 (ACL
// on); its consumer signs (AclConsumer), so it holds all 8 queues. The
// doctor and mqadmin read without keys: broker-acl1 refuses them, the
// rest answers. What could be read is judged, as the consumer held it;
// what was refused is unknown or named (READ_FAILED with the broker),
// never a guess and never a refusal of the whole read. Not parallel: the
// extra broker is in the kit's route while it runs (as TestFrozenBroker's
// broker-c).
func TestACLOnOneBroker(t *testing.T) {
	k := theKit
	const topic, g = "T_acl1", "G_acl1"
	c := &securedCluster{name: "acl1", home: filepath.Join(k.run, "acl1"), namesrv: k.namesrv}
	xmls, _ := filepath.Glob(filepath.Join(k.dir, "conf", "*.xml"))
	for _, x := range xmls {
		b, err := os.ReadFile(x)
		require.NoError(t, err)
		c.write(t, filepath.Join("conf", filepath.Base(x)), string(b))
	}
	c.write(t, "conf/plain_acl.yml", plainACL(""))
	c.write(t, "conf/tools.yml", "accessKey: rmqadmin\nsecretKey: "+sec4AdminSecret+"\n")
	c.jvm = serverJVM(c.home, c.namesrv, filepath.Join(k.dir, "conf", "logback_client.xml"))
	c.cp = k.classpath
	c.start(t, "acl1-broker", "org.apache.rocketmq.broker.BrokerStartup", "-c", c.write(t, "broker.conf", c.brokerConf(aclOneBroker, "aclEnable=true\n")))
	aclAddr := fmt.Sprintf("127.0.0.1:%d", aclOneBroker)
	c.mqadmin(t, "updateTopic", "-b", aclAddr, "-t", topic, "-r", "4", "-w", "4")
	_, errs, err := k.mqadminUntil(t, func(out, errs string, err error) bool { return err == nil && strings.Contains(out, "success") },
		"updateTopic", "-b", brokerAddr["broker-a"], "-t", topic, "-r", "4", "-w", "4")
	require.NoError(t, err, "%s", errs)
	settle(t, "route of "+topic, 60*time.Second, func() (bool, string) {
		r, err := topicRoute(k.namesrv, topic)
		if err != nil || r == nil {
			return false, fmt.Sprint(err)
		}
		return len(r.QueueDatas) == 2, fmt.Sprintf("%d brokers", len(r.QueueDatas))
	})
	hold := c.consumer(t, "acl1-app", g, topic, 8, "app-consumer", sec4AppSecret)
	lines, err := readHold(hold)
	require.NoError(t, err)
	require.Len(t, lines, 1)
	cid := lines[0].ClientID
	held := mainOnly(lines[0].Held)
	require.Len(t, held, 8)
	var onA []string
	for _, q := range held {
		if strings.HasPrefix(q, "broker-a/") {
			onA = append(onA, q)
		}
	}
	require.Len(t, onA, 4)

	refusal := func(what string, rep *doctor.Report) {
		t.Helper()
		for _, code := range []doctor.Code{doctor.CodeUnowned, doctor.CodeDoubleOwned, doctor.CodeWrongOwner, doctor.CodeUnexpectedOwner, doctor.CodeUnknownOwner} {
			assert.NotContains(t, findingCodes(rep), code, "%s: nothing guessed: %s", what, rep.Text())
		}
		f := findingOf(rep, doctor.CodeReadFailed)
		if assert.NotNil(t, f, "%s: the refusal is said: %s", what, rep.Text()) {
			assert.True(t, strings.Contains(f.Message, aclAddr) || strings.Contains(f.Message, "broker-acl1"), "%s names the broker: %s", what, f.Message)
		}
	}
	judge := func(what string, rep *doctor.Report) {
		t.Helper()
		t.Logf("%s: %s", what, rep.Text())
		assert.True(t, rep.Judged, "%s: %s", what, rep.Text())
		refusal(what, rep)
		ok := queuesWithStatus(rep, topic, doctor.StatusOK)
		for _, q := range onA {
			assert.Contains(t, ok, q, "%s: broker-a's queues are judged as held", what)
		}
		// broker-acl1's queues: as held (status files give the owner),
		// or unknown; nothing else.
		got := append(slices.Clone(ok), unknownOf(rep, topic)...)
		slices.Sort(got)
		assert.Equal(t, held, got, "%s: every queue OK as held or unknown: %s", what, rep.Text())
		assert.Equal(t, held, queuesExpectedOf(rep, topic, cid), what)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	snap, err := live.Read(ctx, live.Options{NameServer: k.namesrv, Group: g})
	require.NoError(t, err, "a read refused by one broker goes on with the others")
	t.Logf("live read without keys: progress error %q, warnings %v", snap.ProgressErr, snap.Warnings)
	dir := liveDir(t, "acl1")
	require.NoError(t, snap.Save(dir))
	rep, err := doctor.Diagnose(snap.Input())
	require.NoError(t, err)
	judge("live read", rep)
	in, err := live.ReadFolder(dir)
	require.NoError(t, err)
	rep, err = doctor.Diagnose(in)
	require.NoError(t, err, "the saved folder is read, not refused")
	judge("saved folder", rep)

	// The kit's mqadmin has no keys: consumerProgress fails on
	// broker-acl1 (CODE 1), so the capture is taken once, as is.
	// consumerStatus asks one broker of the group's route for the
	// members: through broker-a it writes the status file, through
	// broker-acl1 it fails whole (CODE 1), and then no owner is known:
	// not judged, the refusal named, nothing guessed.
	capDir := filepath.Join(k.captures, "acl1")
	_ = os.RemoveAll(capDir)
	k.capSem <- struct{}{}
	_, _, _ = run(3*time.Minute, []string{"FAST=1", "RMQKIT_CAPTURES=" + k.captures}, k.run, filepath.Join(k.dir, "capture.sh"), "acl1", topic, g, hold)
	<-k.capSem
	perr, _ := os.ReadFile(filepath.Join(capDir, "progress.err"))
	t.Logf("mqadmin consumerProgress with ACL on broker-acl1: %.400q", perr)
	in, err = live.ReadFolder(capDir)
	require.NoError(t, err)
	// consumerConnection, too, asks one broker of the route: when that was
	// broker-acl1, the members are not known and nothing can be judged.
	connOut, _ := os.ReadFile(filepath.Join(capDir, "connection.txt"))
	connErr, _ := os.ReadFile(filepath.Join(capDir, "connection.err"))
	connRefused := strings.Contains(string(connOut)+string(connErr), "AclException")
	rep, err = doctor.Diagnose(in)
	require.NoError(t, err, "mqadmin's refusal by one broker is read, not refused")
	if f := findingOf(rep, doctor.CodeNotDiagnosed); f != nil && rep.Queues == 0 {
		// Every read that names the group's topics was refused: not
		// judged, and the route left out, saying why; with its topic
		// named (--route T_acl1=route.txt) its queues are there.
		assert.Contains(t, f.Message, "was not used: nothing read names the group's topics (consumerConnection failed: ")
		assert.False(t, rep.Judged, rep.Text())
		in.Routes[0].Topic = topic
		rep, err = doctor.Diagnose(in)
		require.NoError(t, err)
	}
	if len(in.Status) > 0 && !connRefused {
		judge("mqadmin capture", rep)
		return
	}
	t.Logf("mqadmin capture (consumerStatus or consumerConnection refused too; connection refused: %v): %s", connRefused, rep.Text())
	if !connRefused {
		assert.Contains(t, in.StatusErr, aclAddr, "consumerStatus's stderr names the broker")
	}
	assert.False(t, rep.Judged, rep.Text())
	assert.False(t, rep.OK, rep.Text())
	assert.Empty(t, queuesWithStatus(rep, topic, doctor.StatusOK), rep.Text())
	assert.Equal(t, held, unknownOf(rep, topic), "every queue unknown: %s", rep.Text())
	refusal("mqadmin capture", rep)
}
