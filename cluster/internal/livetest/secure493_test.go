//go:build live

package livetest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/live"
)

// The 4.9.3 broker with the plain ACL (ACL 1.0, rocketmq-acl-4.9.3.jar) on
// and remoting over TLS only (tls.server.mode=enforcing), its NameServer
// too. Accounts: rmqadmin (admin, for mqadmin's conf/tools.yml), app-consumer (the
// consumer: SUB on everything) and doctor-ro, which may touch no topic or
// group (DENY): 4.x checks no resource for the admin reads the doctor
// makes, only that the account exists and the signature holds.
const (
	sec4AdminSecret  = "Adm1n-Secret-4"
	sec4AppSecret    = "App-Secret-493"
	sec4DoctorSecret = "D0ctor-Secret-493"
)

func plainACL(whitelist string) string {
	return `globalWhiteRemoteAddresses: [` + whitelist + `]
accounts:
- accessKey: rmqadmin
  secretKey: ` + sec4AdminSecret + `
  whiteRemoteAddress:
  admin: true
- accessKey: app-consumer
  secretKey: ` + sec4AppSecret + `
  whiteRemoteAddress:
  admin: false
  defaultTopicPerm: SUB
  defaultGroupPerm: SUB
- accessKey: doctor-ro
  secretKey: ` + sec4DoctorSecret + `
  whiteRemoteAddress:
  admin: false
  defaultTopicPerm: DENY
  defaultGroupPerm: DENY
`
}

func startSecured493(t *testing.T) *securedCluster {
	t.Helper()
	k := theKit
	c := &securedCluster{name: "sec4", home: filepath.Join(k.run, "sec4"), namesrv: sec4NameServer}
	// The kit's logback configs, which 4.9.3's servers look for under their home.
	xmls, _ := filepath.Glob(filepath.Join(k.dir, "conf", "*.xml"))
	for _, x := range xmls {
		b, err := os.ReadFile(x)
		require.NoError(t, err)
		c.write(t, filepath.Join("conf", filepath.Base(x)), string(b))
	}
	c.write(t, "conf/plain_acl.yml", plainACL(""))
	c.write(t, "conf/tools.yml", "accessKey: rmqadmin\nsecretKey: "+sec4AdminSecret+"\n")
	c.jvm = append(serverJVM(c.home, c.namesrv, filepath.Join(k.dir, "conf", "logback_client.xml")), tlsJVM()...)
	c.cp = k.classpath
	port := strings.TrimPrefix(c.namesrv, "127.0.0.1:")
	c.start(t, "sec4-namesrv", "org.apache.rocketmq.namesrv.NamesrvStartup", "-c", c.write(t, "namesrv.conf", "listenPort="+port+"\n"))
	c.start(t, "sec4-broker", "org.apache.rocketmq.broker.BrokerStartup", "-c", c.write(t, "broker.conf", c.brokerConf(sec4Broker, "aclEnable=true\n")))
	return c
}

// The doctor reads a group of an ACL-on, TLS-only 4.9.3 cluster with the
// right keys, as it reads it with ACL off (the same cluster with loopback
// put on the ACL's global white list, which 4.9.3 reloads at once); with
// none or wrong keys it is refused in one line; plain TCP or an unknown
// certificate fail the read; the secret is never in a message or a saved
// folder. Both builds of the command (the Go binary and the npm CLI) do
// the same, with the keys from the environment or --credentials.
func TestSecured493ACLAndTLS(t *testing.T) {
	c := startSecured493(t)
	const topic, group = "T_SEC4", "G_SEC4"
	c.mqadmin(t, "updateTopic", "-c", c.name, "-t", topic, "-r", "4", "-w", "4")
	c.consumer(t, "sec4-app", group, topic, 4, "app-consumer", sec4AppSecret)

	ca, err := os.ReadFile(repoFile("testdata", "tls", "localhost-cert.pem"))
	require.NoError(t, err)
	tls := &live.TLS{CA: ca}
	keys := &live.Credentials{AccessKey: "doctor-ro", SecretKey: sec4DoctorSecret}
	signed, err := c.read(group, keys, tls)
	require.NoError(t, err)
	dir := filepath.Join(theKit.captures, "sec4-live")
	require.NoError(t, signed.Save(dir))
	noSecret(t, dir, sec4DoctorSecret)
	rep, err := doctor.Diagnose(signed.Input())
	require.NoError(t, err)
	assert.True(t, rep.OK, rep.Text())
	assert.Len(t, queuesWithStatus(rep, topic, doctor.StatusOK), 4, rep.Text())
	t.Logf("with keys over TLS:\n%s", rep.Text())

	_, err = c.read(group, nil, tls)
	refused(t, err, sec4DoctorSecret, "no access key was given", "refused GET_CONSUME", "No accessKey is configured")
	_, err = c.read(group, &live.Credentials{AccessKey: "doctor-ro", SecretKey: "not-" + sec4DoctorSecret}, tls)
	refused(t, err, sec4DoctorSecret, `access key "doctor-ro" is refused`, "refused GET_CONSUME", "signature")
	_, err = c.read(group, &live.Credentials{AccessKey: "nobody-key", SecretKey: sec4DoctorSecret}, tls)
	refused(t, err, sec4DoctorSecret, `access key "nobody-key" is refused`)

	_, err = c.read(group, keys, nil)
	require.Error(t, err, "plain TCP to a TLS-only NameServer")
	t.Logf("plain TCP: %v", err)
	_, err = c.read(group, keys, &live.TLS{})
	require.Error(t, err, "the system roots do not know the test certificate")
	assert.Contains(t, err.Error(), "certificate")
	_, err = c.read(group, keys, &live.TLS{Insecure: true})
	require.NoError(t, err, "--tls-insecure takes any certificate")

	// The two builds of the command, as an operator runs them.
	r := securedRead{c: c, group: group, topic: topic, access: "doctor-ro", secret: sec4DoctorSecret,
		flags:       []string{"--tls-ca", repoFile("testdata", "tls", "localhost-cert.pem")},
		refusedWant: []string{"4.x plain ACL"}}
	cli := checkBothBuilds(t, r)
	assert.Equal(t, 4, cli.queuesOK(topic), cli.Verdict)
	assert.Equal(t, rep.Verdict, cli.Verdict, "the commands' verdict is the library's")
	checkTLSBothBuilds(t, r, cli)

	// ACL off for loopback: the same report without keys.
	c.write(t, "conf/plain_acl.yml", plainACL(`"127.0.0.1"`))
	// The broker reloads the file while a read may be under way: a read
	// whose route went through can still meet the old ACL on a later
	// request (consumerProgress "No accessKey is configured"), so wait
	// for a read with no request refused.
	var open *live.Snapshot
	deadline := time.Now().Add(60 * time.Second)
	for {
		open, err = c.read(group, nil, tls)
		if err == nil && open.ProgressErr == "" && open.StatusErr == "" && open.ConnectionErr == "" {
			break
		}
		why := fmt.Sprint(err)
		if err == nil {
			why = open.ProgressErr + open.StatusErr + open.ConnectionErr
		}
		require.True(t, time.Now().Before(deadline), "the broker did not take the white list in 60 s: %s", why)
		time.Sleep(time.Second)
	}
	sameReport(t, signed, open, topic)
}
