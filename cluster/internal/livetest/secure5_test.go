//go:build live

package livetest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/live"
)

// The 5.3.3 broker with authentication and authorization on (ACL 2.0,
// rocketmq-auth-5.3.3.jar: DefaultAuthenticationProvider and
// DefaultAuthorizationProvider). Its users and ACLs come from MemoryUsers5 /
// MemoryAcls5 (testdata/live/java/kit5): the stock metadata store is
// RocksDB, which kit5 stubs out. Users: admin (SUPER, mqadmin), app (the
// consumer: SUB and GET on its topic and group), doctor (GET on the group: what
// the reads ask) and nobody (no ACL: authenticated, not authorized).
const (
	sec5AdminSecret  = "Adm1n-Secret-5"
	sec5AppSecret    = "App-Secret-533"
	sec5DoctorSecret = "D0ctor-Secret-533"
	sec5NobodySecret = "N0body-Secret-533"
)

// With tls, the cluster is sec5tls (ports of its own) and its remoting,
// the NameServer's and the broker's, speaks TLS only (tlsJVM: 5.3.3 reads
// the same tls.* properties as 4.9.3).
func startSecured5(t *testing.T, topic, group string, tls bool) *securedCluster {
	t.Helper()
	k := theKit
	if k.namesrv5 == "" {
		t.Skip("kit5 is not running (RMQALLOC_LIVE_NAMESRV5)")
	}
	c := &securedCluster{name: "sec5", home: filepath.Join(k.run, "sec5"), namesrv: sec5NameServer}
	broker := sec5Broker
	var extra []string
	if tls {
		c = &securedCluster{name: "sec5tls", home: filepath.Join(k.run, "sec5tls"), namesrv: sec5TLSNameServer}
		broker = sec5TLSBroker
		extra = tlsJVM()
	}
	jvm := func(logback string, more ...string) []string {
		return append(serverJVM(c.home, c.namesrv, logback, more...), extra...)
	}
	c.write(t, "conf/tools.yml", "accessKey: admin\nsecretKey: "+sec5AdminSecret+"\n")
	auth := c.write(t, "auth.txt", strings.Join([]string{
		"user admin " + sec5AdminSecret + " SUPER",
		"user app " + sec5AppSecret + " NORMAL",
		"user doctor " + sec5DoctorSecret + " NORMAL",
		"user nobody " + sec5NobodySecret + " NORMAL",
		"acl app Topic:" + topic + " SUB,GET Allow",
		"acl app Group:" + group + " SUB,GET Allow",
		"acl doctor Group:" + group + " GET Allow",
	}, "\n")+"\n")
	server, err := os.ReadFile(filepath.Join(k.dir, "kit5", "lib", "classpath-debian-server.txt"))
	require.NoError(t, err)
	c.cp = k.classpath5 + ":" + strings.Join(strings.Fields(string(server)), ":")
	conf := func(name string) string { return filepath.Join(k.dir, "kit5", "conf", name) }
	c.jvm = jvm(conf("rmq.namesrv.logback.xml"), "-Drmqalloc.auth.file="+auth)
	port := strings.TrimPrefix(c.namesrv, "127.0.0.1:")
	c.start(t, c.name+"-namesrv", "org.apache.rocketmq.namesrv.NamesrvStartup",
		"-c", c.write(t, "namesrv.conf", "listenPort="+port+"\nbindAddress=127.0.0.1\n"))
	c.jvm = jvm(conf("rmq.broker.logback.xml"), "-Drmqalloc.auth.file="+auth)
	c.start(t, c.name+"-broker", "org.apache.rocketmq.broker.BrokerStartup", "-c", c.write(t, "broker.conf", c.brokerConf(broker,
		"authenticationEnabled=true\nauthorizationEnabled=true\n"+
			"authenticationProvider=org.apache.rocketmq.auth.authentication.provider.DefaultAuthenticationProvider\n"+
			"authorizationProvider=org.apache.rocketmq.auth.authorization.provider.DefaultAuthorizationProvider\n"+
			"authenticationMetadataProvider=MemoryUsers5\nauthorizationMetadataProvider=MemoryAcls5\n"+
			`innerClientAuthenticationCredentials={"accessKey":"admin","secretKey":"`+sec5AdminSecret+`"}`+"\n")))
	c.jvm = jvm(conf("rmq.tools.logback.xml"), client5Opts)
	return c
}

// The doctor reads a group of a 5.3.3 cluster with ACL 2.0 on with a key
// allowed GET on the group: the report a super user's read gives (what
// the cluster shows with no check in the way) and the one the consumer's
// own hold file says; with no key, a wrong one, or a user with no ACL it
// is refused in one line naming the request and the permission; the
// secret is in no message or saved folder. Both builds of the command (the
// Go binary and the npm CLI) do the same, with the keys from the
// environment or --credentials.
func TestKit5SecuredAuth(t *testing.T) {
	const topic, group = "T_SEC5", "G_SEC5"
	c := startSecured5(t, topic, group, false)
	c.mqadmin(t, "updateTopic", "-c", c.name, "-t", topic, "-r", "4", "-w", "4")
	// AclConsumer is compiled against 4.9.3 and runs on kit5's client.
	c.cp = theKit.classes + ":" + c.cp
	c.consumer(t, "sec5-app", group, topic, 4, "app", sec5AppSecret)

	keys := &live.Credentials{AccessKey: "doctor", SecretKey: sec5DoctorSecret}
	signed, err := c.read(group, keys, nil)
	require.NoError(t, err)
	dir := filepath.Join(theKit.captures, "sec5-live")
	require.NoError(t, signed.Save(dir))
	noSecret(t, dir, sec5DoctorSecret)
	rep, err := doctor.Diagnose(signed.Input())
	require.NoError(t, err)
	assert.True(t, rep.OK, rep.Text())
	assert.Len(t, queuesWithStatus(rep, topic, doctor.StatusOK), 4, rep.Text())
	t.Logf("with the doctor's keys:\n%s", rep.Text())

	super, err := c.read(group, &live.Credentials{AccessKey: "admin", SecretKey: sec5AdminSecret}, nil)
	require.NoError(t, err)
	sameReport(t, signed, super, topic)

	_, err = c.read(group, nil, nil)
	refused(t, err, sec5DoctorSecret, "no access key was given", "refused GET_CONSUME", "GET on Group:"+group, "CODE: 16")
	_, err = c.read(group, &live.Credentials{AccessKey: "doctor", SecretKey: "not-" + sec5DoctorSecret}, nil)
	refused(t, err, sec5DoctorSecret, `access key "doctor" is refused`, "GET on Group:"+group)
	_, err = c.read(group, &live.Credentials{AccessKey: "nobody", SecretKey: sec5NobodySecret}, nil)
	refused(t, err, sec5NobodySecret, `access key "nobody" is refused`, "GET on Group:"+group)

	// The two builds of the command, as an operator runs them.
	cli := checkBothBuilds(t, securedRead{c: c, group: group, topic: topic, access: "doctor", secret: sec5DoctorSecret,
		refusedWant: []string{"GET on Group:" + group, "CODE: 16"}})
	assert.Equal(t, 4, cli.queuesOK(topic), cli.Verdict)
	assert.Equal(t, rep.Verdict, cli.Verdict, "the commands' verdict is the library's")
}

// TestKit5SecuredTLS: the secured 5.3.3 cluster with its remoting over
// TLS only (tls.server.mode=enforcing on the NameServer and the broker,
// testdata/tls's certificate). The library and both builds of the command
// read the group over TLS with the doctor's keys (--tls-ca, and
// --tls-insecure) and are refused by ACL 2.0 over TLS as over TCP; a plain
// read and a --tls read checked against the system's roots fail in one
// line; the secret shows nowhere.
func TestKit5SecuredTLS(t *testing.T) {
	const topic, group = "T_SEC5TLS", "G_SEC5TLS"
	c := startSecured5(t, topic, group, true)
	c.mqadmin(t, "updateTopic", "-c", c.name, "-t", topic, "-r", "4", "-w", "4")
	c.cp = theKit.classes + ":" + c.cp
	c.consumer(t, "sec5tls-app", group, topic, 4, "app", sec5AppSecret)

	ca, err := os.ReadFile(repoFile("testdata", "tls", "localhost-cert.pem"))
	require.NoError(t, err)
	keys := &live.Credentials{AccessKey: "doctor", SecretKey: sec5DoctorSecret}
	snap, err := c.read(group, keys, &live.TLS{CA: ca})
	require.NoError(t, err)
	rep, err := doctor.Diagnose(snap.Input())
	require.NoError(t, err)
	assert.True(t, rep.OK, rep.Text())
	assert.Len(t, queuesWithStatus(rep, topic, doctor.StatusOK), 4, rep.Text())
	t.Logf("with the doctor's keys over TLS:\n%s", rep.Text())
	_, err = c.read(group, nil, &live.TLS{CA: ca})
	refused(t, err, sec5DoctorSecret, "no access key was given", "GET on Group:"+group)
	_, err = c.read(group, keys, nil)
	require.Error(t, err, "plain TCP to a TLS-only NameServer")
	assert.Contains(t, err.Error(), "--tls?")

	r := securedRead{c: c, group: group, topic: topic, access: "doctor", secret: sec5DoctorSecret,
		flags:       []string{"--tls-ca", repoFile("testdata", "tls", "localhost-cert.pem")},
		refusedWant: []string{"GET on Group:" + group, "CODE: 16"}}
	cli := checkBothBuilds(t, r)
	assert.Equal(t, 4, cli.queuesOK(topic), cli.Verdict)
	assert.Equal(t, rep.Verdict, cli.Verdict, "the commands' verdict is the library's")
	checkTLSBothBuilds(t, r, cli)
}
