//go:build live

package livetest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/live"
)

// securedCluster is a NameServer and one broker of their own, beside the
// kit's clusters (own ports, own store, own home folder whose conf/ holds
// the ACL files), started by one test through cluster.sh bgexec (so
// cluster.sh stop ends them even if the test dies) and stopped at its end.
type securedCluster struct {
	name    string
	home    string
	namesrv string
	jvm     []string // the servers' and clients' JVM options (home, TLS)
	cp      string   // server classpath (our drivers first)
	logged  bool     // logOnFailure ran
}

// Ports of the secured clusters: free in the kit (4.9.3 uses 9876 and
// 10909-10932, kit5 9886 and 10949-10962). A broker also takes its port-2
// (fast channel) and port+1 (HA).
const (
	sec4NameServer = "127.0.0.1:9878"
	sec4Broker     = 10971
	sec5NameServer = "127.0.0.1:9896"
	sec5Broker     = 10981
	// sec5tls: the 5.3.3 secured cluster again, with remoting over TLS only.
	sec5TLSNameServer = "127.0.0.1:9897"
	sec5TLSBroker     = 11001
)

// repoFile is a file of the repository, from this test's folder.
func repoFile(parts ...string) string {
	_, here, _, _ := runtime.Caller(0)
	return filepath.Join(append([]string{filepath.Dir(here), "..", "..", ".."}, parts...)...)
}

// serverJVM is cluster.sh's JVM options (COMMON, JDK17_OPTS) with our home
// folder: RocketMQ reads conf/plain_acl.yml and mqadmin conf/tools.yml
// there.
func serverJVM(home, namesrv, logback string, extra ...string) []string {
	return append([]string{"-Xms64m", "-Xmx256m", "-XX:TieredStopAtLevel=1",
		"-Duser.home=" + filepath.Join(home, "user"), "-Drocketmq.home.dir=" + home, "-Drmqkit.bindAddress=127.0.0.1",
		"-Drocketmq.namesrv.addr=" + namesrv, "-Djava.net.preferIPv4Stack=true", "-XX:+UseG1GC",
		"--add-opens", "java.base/java.nio=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
		"--add-exports", "java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens", "java.base/jdk.internal.ref=ALL-UNNAMED",
		"--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/java.util=ALL-UNNAMED",
		"--add-opens", "java.base/java.lang.reflect=ALL-UNNAMED", "-Dlogback.configurationFile=" + logback}, extra...)
}

// tlsJVM: remoting over TLS only (tls.server.mode=enforcing) with
// testdata/tls's certificate; the JVM's own clients (the broker's to the
// NameServer, a consumer) speak TLS too (tls.enable) and trust any server
// (tls.client.authServer=false, RocketMQ's default).
func tlsJVM() []string {
	return []string{"-Dtls.server.mode=enforcing", "-Dtls.enable=true", "-Dtls.test.mode.enable=false",
		"-Dtls.server.certPath=" + repoFile("testdata", "tls", "localhost-cert.pem"),
		"-Dtls.server.keyPath=" + repoFile("testdata", "tls", "localhost-key.pem"),
		"-Dtls.server.need.client.auth=none", "-Dtls.client.authServer=false"}
}

// start runs a server class in the background and waits for its "boot success".
func (c *securedCluster) start(t *testing.T, name, class string, args ...string) {
	t.Helper()
	cmd := append(append(append([]string{"java"}, c.jvm...), "-Drmqkit.name="+name, "-cp", c.cp, class), args...)
	theKit.bg(t, name, cmd...)
	t.Cleanup(func() { c.logOnFailure(t) })
	deadline := time.Now().Add(120 * time.Second)
	for !strings.Contains(theKit.fullLog(name), "boot success") {
		if time.Now().After(deadline) {
			t.Fatalf("%s not up after 120 s:\n%s", name, theKit.log(name))
		}
		time.Sleep(300 * time.Millisecond)
	}
}

// logOnFailure logs the end of the servers' own logs when the test failed
// (once per cluster: every server of it registers this).
func (c *securedCluster) logOnFailure(t *testing.T) {
	if !t.Failed() || c.logged {
		return
	}
	c.logged = true
	// The clients' log (tools_default.log: the consumer and mqadmin, 5.x;
	// rocketmq_client.log, 4.9.3) too, and each file is kept whole in the
	// run's logs (test-live.sh keeps them after a failure).
	for _, f := range []string{"tools_default.log", "rocketmq_client.log", "broker.log", "namesrv.log"} {
		b, err := os.ReadFile(filepath.Join(c.home, "user", "logs", "rocketmqlogs", f))
		if err != nil {
			continue
		}
		_ = os.WriteFile(filepath.Join(theKit.run, "logs", c.name+"-"+f), b, 0o644)
		lines := strings.Split(string(b), "\n")
		if len(lines) > 40 {
			lines = lines[len(lines)-40:]
		}
		t.Logf("%s, last lines:\n%s", f, strings.Join(lines, "\n"))
	}
}

// write writes a file under the cluster's home.
func (c *securedCluster) write(t *testing.T, rel, text string) string {
	t.Helper()
	p := filepath.Join(c.home, rel)
	require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
	require.NoError(t, os.WriteFile(p, []byte(text), 0o600))
	return p
}

// brokerConf is cluster.sh's broker conf for one broker of cluster name.
func (c *securedCluster) brokerConf(port int, extra string) string {
	store := filepath.Join(c.home, "store")
	return fmt.Sprintf(`brokerClusterName=%s
brokerName=broker-%s
brokerId=0
brokerRole=ASYNC_MASTER
flushDiskType=ASYNC_FLUSH
brokerIP1=127.0.0.1
brokerIP2=127.0.0.1
bindAddress=127.0.0.1
namesrvAddr=%s
listenPort=%d
storePathRootDir=%s
storePathCommitLog=%s/commitlog
mappedFileSizeCommitLog=67108864
mappedFileSizeConsumeQueue=600000
autoCreateTopicEnable=false
autoCreateSubscriptionGroup=true
deleteWhen=04
fileReservedTime=48
%s`, c.name, c.name, c.namesrv, port, store, store, extra)
}

// mqadmin runs the cluster's mqadmin (its conf/tools.yml signs with the
// admin key pair) until it succeeds (at most mqadminAttempts times).
func (c *securedCluster) mqadmin(t *testing.T, args ...string) string {
	t.Helper()
	cmd := append(append(append([]string{}, c.jvm...), "-cp", c.cp, "org.apache.rocketmq.tools.command.MQAdminStartup"), append(args, "-n", c.namesrv)...)
	for attempt := 1; ; attempt++ {
		out, errs, err := run(2*time.Minute, nil, theKit.run, "java", cmd...)
		if err == nil && !strings.Contains(out+errs, "Exception") && !strings.Contains(out+errs, "[error]") {
			return out
		}
		if attempt == mqadminAttempts {
			t.Fatalf("mqadmin %v: %v\n%s%s", args, err, out, errs)
		}
		time.Sleep(5 * time.Second)
	}
}

// mqadminAttempts bounds the runs of one mqadmin command on a secured
// cluster, 5 s apart: a broker registers with its name server about 10 s
// after it boots, and until then "updateTopic -c" finds no broker of the
// cluster, prints "[error] Make sure the specified clusterName exists
// ..." and exits 0 (seen in a clean-clone run: the topic was never
// created), so "[error]" is a failure too.
const mqadminAttempts = 6

// consumer starts AclConsumer (the Java client's AclClientRPCHook) on the
// cluster's classpath and JVM options, and waits until it holds every queue
// of topic.
func (c *securedCluster) consumer(t *testing.T, name, group, topic string, queues int, ak, sk string) string {
	t.Helper()
	hold := theKit.holdPath(name)
	cmd := append(append(append([]string{"java"}, c.jvm...), "-cp", c.cp, "AclConsumer"),
		"-n", c.namesrv, "-g", group, "-t", topic, "-hold", hold, "-ak", ak, "-sk", sk, name)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("%s's output:\n%s", name, theKit.log(name))
		}
	})
	theKit.startDriver(t, name, 1, func() { theKit.bg(t, name, cmd...) }, func() { theKit.kill(name) })
	settle(t, name+" holds "+topic, 90*time.Second, func() (bool, string) {
		lines, err := readHold(hold)
		if err != nil || len(lines) != 1 {
			return false, fmt.Sprintf("%v %v", lines, err)
		}
		n := 0
		for _, q := range lines[0].Held {
			if strings.Contains(q, "/"+topic+"/") {
				n++
			}
		}
		return n == queues, strings.Join(lines[0].Held, " ")
	})
	return hold
}

// read reads group with cred over tls (nil: plain TCP).
func (c *securedCluster) read(group string, cred *live.Credentials, tls *live.TLS) (*live.Snapshot, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return live.Read(ctx, live.Options{NameServer: c.namesrv, Group: group, Credentials: cred, TLS: tls})
}

// noSecret: no file under dir holds secret.
func noSecret(t *testing.T, dir, secret string) {
	t.Helper()
	n := 0
	require.NoError(t, filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return err
		}
		n++
		b, err := os.ReadFile(p)
		assert.NotContains(t, string(b), secret, "%s holds the secret", p)
		return err
	}))
	require.Positive(t, n, "files saved in %s", dir)
}

// refused: the read failed with one line naming the request and what it
// needs, without the secret.
func refused(t *testing.T, err error, secret string, want ...string) {
	t.Helper()
	var e *live.Error
	require.True(t, errors.As(err, &e), "an ACL refusal, not %v", err)
	assert.ErrorIs(t, e, live.ErrRefused, e.Msg)
	assert.NotContains(t, e.Msg, "\n")
	assert.NotContains(t, e.Msg, secret)
	for _, w := range want {
		assert.Contains(t, e.Msg, w)
	}
	t.Logf("refused as expected: %s", e.Msg)
}

// sameReport: two reads of one settled group diagnose alike.
func sameReport(t *testing.T, a, b *live.Snapshot, topic string) *doctor.Report {
	t.Helper()
	ra, err := doctor.Diagnose(a.Input())
	require.NoError(t, err)
	rb, err := doctor.Diagnose(b.Input())
	require.NoError(t, err)
	sameDiagnosis(t, ra, rb, topic)
	assert.Equal(t, ra.Text(), rb.Text())
	return ra
}
