//go:build live

package livetest

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// kit is the running rocketmq-kit cluster that scripts/test-live.sh started:
// its folder, its run folder (pids, logs) and what the script built.
type kit struct {
	dir, run string
	classes  string // the compiled testdata/live/java drivers
	kitgo    string // the kit's Go consumer, built
	clientgo string // clientgo/cmd/liveconsumer, built: a Go consumer with clientgo's strategies
	// goproducer: testdata/live/goproducer, built: a rocketmq-client-go
	// v2.1.2 producer that prints each selection and SendResult.
	goproducer string
	namesrv    string
	namesrv5   string // kit5's 5.3.3 name server; "" when kit5 is not running
	classpath  string
	// classpath5: the testdata/live/java/kit5 drivers, compiled against
	// kit5's 5.3.3 jars, with those jars.
	classpath5 string
	jvm        []string // cluster.sh's client JVM options
	captures   string
	capSem     chan struct{}
	// startSem lets two client JVMs start at a time: a dozen starting at
	// once on 2 cores make their first route requests time out.
	startSem chan struct{}
}

var theKit *kit

// Broker addresses of the kit (cluster.sh: fixed ports on 127.0.0.1).
// kit5's 5.3.3 brokers have names of their own, so one map serves both clusters.
var brokerAddr = map[string]string{"broker-a": "127.0.0.1:10911", "broker-b": "127.0.0.1:10921",
	"broker-a5": "127.0.0.1:10951", "broker-b5": "127.0.0.1:10961"}

func TestMain(m *testing.M) {
	k, err := newKit()
	if err != nil {
		fmt.Fprintln(os.Stderr, "livetest:", err, "(run it through scripts/test-live.sh: make test-live)")
		os.Exit(1)
	}
	theKit = k
	if err := createTopics(k.namesrv, topicDefs); err != nil {
		fmt.Fprintln(os.Stderr, "livetest: creating the topics:", err)
		os.Exit(1)
	}
	if err := createTopics(k.namesrv5, topicDefs5); k.namesrv5 != "" && err != nil {
		fmt.Fprintln(os.Stderr, "livetest: creating the topics:", err)
		os.Exit(1)
	}
	if err := startBatch(); err != nil {
		fmt.Fprintln(os.Stderr, "livetest: starting the consumers:", err)
		os.Exit(1)
	}
	// Let the shared JVM's consumers start before the tests start theirs.
	for deadline := time.Now().Add(120 * time.Second); time.Now().Before(deadline); time.Sleep(300 * time.Millisecond) {
		if strings.Count(k.fullLog(batchName), "STARTED ") >= batchConsumers() {
			break
		}
	}
	fmt.Printf("livetest: the shared consumer JVM started %d consumers in %.1f s\n",
		strings.Count(k.fullLog(batchName), "STARTED "), time.Since(batchStarted).Seconds())
	probe := startNSProbe(filepath.Join(k.run, "namesrv-latency.log"), k.namesrv, k.namesrv5)
	rc := m.Run()
	fmt.Print(probe.end())
	k.kill(batchName)
	os.Exit(rc)
}

func newKit() (*kit, error) {
	need := func(name string) (string, error) {
		v := os.Getenv(name)
		if v == "" {
			return "", fmt.Errorf("%s is not set", name)
		}
		return v, nil
	}
	k := &kit{capSem: make(chan struct{}, 2), startSem: make(chan struct{}, 2)}
	var err error
	for _, f := range []struct {
		dst  *string
		name string
	}{{&k.dir, "ROCKETMQ_KIT"}, {&k.run, "RMQKIT_RUN"}, {&k.classes, "RMQALLOC_LIVE_CLASSES"},
		{&k.kitgo, "RMQALLOC_LIVE_KITGO"}, {&k.clientgo, "RMQALLOC_LIVE_CLIENTGO"}, {&k.goproducer, "RMQALLOC_LIVE_GOPRODUCER"},
		{&k.namesrv, "RMQALLOC_LIVE_NAMESRV"}} {
		if *f.dst, err = need(f.name); err != nil {
			return nil, err
		}
	}
	jars, err := filepath.Glob(filepath.Join(k.dir, "lib", "*.jar"))
	if err != nil || len(jars) == 0 {
		return nil, fmt.Errorf("no jars in %s/lib", k.dir)
	}
	deb, err := os.ReadFile(filepath.Join(k.dir, "lib", "classpath-debian.txt"))
	if err != nil {
		return nil, err
	}
	k.namesrv5 = os.Getenv("RMQALLOC_LIVE_NAMESRV5")
	if k.namesrv5 != "" {
		classes5, err := need("RMQALLOC_LIVE_CLASSES5")
		if err != nil {
			return nil, err
		}
		jars5, _ := filepath.Glob(filepath.Join(k.dir, "kit5", "lib", "*.jar"))
		deb5, err := os.ReadFile(filepath.Join(k.dir, "kit5", "lib", "classpath-debian.txt"))
		if err != nil || len(jars5) == 0 {
			return nil, fmt.Errorf("kit5 runs but its lib/ has no jars or classpath-debian.txt (%v)", err)
		}
		k.classpath5 = strings.Join(append(append([]string{classes5}, jars5...), strings.Fields(string(deb5))...), ":")
	}
	k.classpath = strings.Join(append(append([]string{k.classes}, jars...), strings.Fields(string(deb))...), ":")
	heap := os.Getenv("RMQKIT_CLIENT_HEAP")
	if heap == "" {
		heap = "-Xms32m -Xmx192m"
	}
	// The options cluster.sh gives its client JVMs (COMMON and JDK17_OPTS there).
	k.jvm = append(strings.Fields(heap),
		"-Duser.home="+filepath.Join(k.run, "home"), "-Drocketmq.home.dir="+k.dir, "-Drmqkit.bindAddress=127.0.0.1",
		"-Drocketmq.namesrv.addr="+k.namesrv, "-Djava.net.preferIPv4Stack=true", "-XX:+UseG1GC",
		"--add-opens", "java.base/java.nio=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
		"--add-exports", "java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens", "java.base/jdk.internal.ref=ALL-UNNAMED",
		"--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/java.util=ALL-UNNAMED",
		"--add-opens", "java.base/java.lang.reflect=ALL-UNNAMED",
		"-Dlogback.configurationFile="+filepath.Join(k.dir, "conf", "logback_client.xml"))
	k.captures = filepath.Join(k.run, "captures")
	return k, os.MkdirAll(k.captures, 0o755)
}

// run runs a command to its end (bounded), returning stdout and stderr.
func run(timeout time.Duration, env []string, dir string, name string, args ...string) (string, string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ctx.Err() != nil {
		err = fmt.Errorf("%s %s: timed out after %s", name, strings.Join(args, " "), timeout)
	}
	return out.String(), errb.String(), err
}

func (k *kit) clusterSh(timeout time.Duration, args ...string) (string, string, error) {
	return run(timeout, nil, k.run, filepath.Join(k.dir, "cluster.sh"), args...)
}

// javaArgs is the command line of one of our drivers with cluster.sh's options.
func (k *kit) javaArgs(class string, args ...string) []string {
	a := append([]string{"java"}, k.jvm...)
	return append(append(a, "-cp", k.classpath, class), args...)
}

// javaArgs5 is the command line of a testdata/live/java/kit5 driver: the
// same JVM options on the 5.3.3 classpath.
func (k *kit) javaArgs5(class string, args ...string) []string {
	a := append(append([]string{"java"}, k.jvm...), client5Opts)
	return append(append(a, "-cp", k.classpath5, class), args...)
}

// java runs one of our drivers in the foreground.
func (k *kit) java(timeout time.Duration, class string, args ...string) (string, string, error) {
	a := k.javaArgs(class, args...)
	return run(timeout, nil, k.run, a[0], a[1:]...)
}

// bg starts a background process through cluster.sh bgexec, so that its PID
// is recorded (cluster.sh stop ends it even if this test dies), and kills it
// when the test ends.
func (k *kit) bg(t *testing.T, name string, cmd ...string) {
	t.Helper()
	out, errs, err := k.clusterSh(30*time.Second, append([]string{"bgexec", name}, cmd...)...)
	if err != nil {
		t.Fatalf("starting %s: %v\n%s%s", name, err, out, errs)
	}
	t.Cleanup(func() { k.kill(name) })
}

// liveConsumer starts LiveConsumer in the background and waits until its n
// consumers have started (LiveConsumer survives a failed first route
// request: its route poll retries).
func (k *kit) liveConsumer(t *testing.T, name string, n int, args ...string) {
	t.Helper()
	k.startSem <- struct{}{}
	defer func() { <-k.startSem }()
	k.bg(t, name, k.javaArgs("LiveConsumer", args...)...)
	if !k.waitStarted(t, name, n) {
		t.Fatalf("%s died:\n%s", name, k.log(name))
	}
}

// waitStarted waits until a background driver's log shows n "STARTED "
// lines; false when its main thread died first or 120 s went by.
func (k *kit) waitStarted(t *testing.T, name string, n int) bool {
	t.Helper()
	deadline := time.Now().Add(120 * time.Second)
	for {
		log := k.fullLog(name)
		if strings.Count(log, "STARTED ") >= n {
			return true
		}
		if strings.Contains(log, "Exception in thread \"main\"") {
			return false
		}
		if time.Now().After(deadline) {
			t.Logf("%s: %d consumers not started after 120 s", name, n)
			return false
		}
		time.Sleep(300 * time.Millisecond)
	}
}

// kitConsumer starts the kit's own KitConsumer with cluster.sh bg and waits
// until its n consumers have started (see startDriver).
func (k *kit) kitConsumer(t *testing.T, name string, n int, args ...string) {
	t.Helper()
	t.Cleanup(func() { k.kill(name) })
	k.startDriver(t, name, n, func() {
		out, errs, err := k.clusterSh(30*time.Second, append([]string{"bg", name, "KitConsumer"}, args...)...)
		if err != nil {
			t.Fatalf("starting %s: %v\n%s%s", name, err, out, errs)
		}
	}, func() { k.kill(name) })
}

// startDriver starts a client JVM (start) and waits until its n consumers
// have started. On a loaded machine a consumer's first route request can
// time out, which ends the driver's main thread: such a JVM is stopped
// (stop), its log kept as NAME.attemptN.out, and started again after a
// pause that lets the burst of load pass (four tries at most).
func (k *kit) startDriver(t *testing.T, name string, n int, start, stop func()) {
	t.Helper()
	const tries = 4
	for attempt := 1; ; attempt++ {
		ok := func() bool {
			k.startSem <- struct{}{}
			defer func() { <-k.startSem }()
			start()
			return k.waitStarted(t, name, n)
		}()
		if ok {
			return
		}
		why := k.log(name)
		stop()
		logs := filepath.Join(k.run, "logs")
		_ = os.Rename(filepath.Join(logs, name+".out"), filepath.Join(logs, fmt.Sprintf("%s.attempt%d.out", name, attempt)))
		if attempt == tries {
			t.Fatalf("%s failed to start %d times; the last time:\n%s", name, tries, why)
		}
		t.Logf("%s failed to start (attempt %d), starting it again:\n%s", name, attempt, why)
		time.Sleep(time.Duration(attempt) * 5 * time.Second)
	}
}

// kill stops a background process by its recorded PID; a second call is a no-op.
func (k *kit) kill(name string) {
	if _, err := os.Stat(filepath.Join(k.run, "pids", name)); err != nil {
		return
	}
	_, _, _ = k.clusterSh(30*time.Second, "kill", name)
}

// fullLog is a background process's whole output.
func (k *kit) fullLog(name string) string {
	b, _ := os.ReadFile(filepath.Join(k.run, "logs", name+".out"))
	return string(b)
}

// log is a background process's output for failure messages: the
// exception that ended its main thread with its causes (stack frames left
// out, so the reason fits in a test log's tail), or else its last 2000 bytes.
func (k *kit) log(name string) string {
	b, _ := os.ReadFile(filepath.Join(k.run, "logs", name+".out"))
	return driverFailure(string(b))
}

func driverFailure(out string) string {
	if i := strings.Index(out, "Exception in thread \"main\""); i >= 0 {
		var keep []string
		for _, l := range strings.Split(out[i:], "\n") {
			t := strings.TrimSpace(l)
			if strings.HasPrefix(t, "at ") || (strings.HasPrefix(t, "... ") && strings.HasSuffix(t, " more")) {
				continue
			}
			keep = append(keep, l)
		}
		return strings.Join(keep, "\n")
	}
	if len(out) > 2000 {
		out = out[len(out)-2000:]
	}
	return out
}

func (k *kit) mqadmin(args ...string) (string, string, error) {
	return k.clusterSh(90*time.Second, append([]string{"mqadmin"}, args...)...)
}

// mqadminUntil runs an mqadmin command until done accepts its answer (at
// most three times): on a loaded machine a call can time out before the
// cluster answers at all.
func (k *kit) mqadminUntil(t *testing.T, done func(out, errs string, err error) bool, args ...string) (string, string, error) {
	t.Helper()
	for attempt := 1; ; attempt++ {
		out, errs, err := k.mqadmin(args...)
		if done(out, errs, err) || attempt == 3 {
			return out, errs, err
		}
		t.Logf("mqadmin %s: no answer (attempt %d): %.300s", strings.Join(args, " "), attempt, errs)
	}
}

// capture saves the real mqadmin view of a group with the kit's capture.sh
// (FAST=1: the group commands side by side) and returns its folder. A
// capture is complete when route, connection and progress were printed and
// there is one status file per client ID of the group (clients); on a
// loaded machine an mqadmin call can time out, so an incomplete capture is
// taken again (at most three times).
func (k *kit) capture(t *testing.T, scenario, topic, group string, clients int, holds ...string) string {
	t.Helper()
	return k.captureWith(t, "capture.sh", nil, scenario, clients, append([]string{scenario, topic, group}, holds...))
}

func captureMissing(dir string, clients int) string {
	for _, f := range []string{"route.txt", "connection.txt", "progress.txt"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			b, _ := os.ReadFile(filepath.Join(dir, strings.TrimSuffix(f, ".txt")+".err"))
			return f + " empty: " + strings.TrimSpace(string(b))
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "status", "*", "*"))
	if len(files) != clients {
		return fmt.Sprintf("%d status files, want %d", len(files), clients)
	}
	return ""
}

// kit5Consumer starts kit5's KitConsumer5 (5.3.3 client) with kit5.sh bg
// and waits until its n consumers have started (see startDriver).
func (k *kit) kit5Consumer(t *testing.T, name string, n int, args ...string) {
	t.Helper()
	k5 := filepath.Join(k.dir, "kit5", "kit5.sh")
	kill := func() { _, _, _ = run(30*time.Second, nil, k.run, k5, "kill", name) }
	t.Cleanup(kill)
	k.startDriver(t, name, n, func() {
		env := []string{"JDK_JAVA_OPTIONS=" + client5Opts}
		out, errs, err := run(30*time.Second, env, k.run, k5, append([]string{"bg", name, "KitConsumer5"}, args...)...)
		if err != nil {
			t.Fatalf("starting %s: %v\n%s%s", name, err, out, errs)
		}
	}, kill)
}

// holdPath is where a scenario's hold file goes.
func (k *kit) holdPath(name string) string { return filepath.Join(k.run, name+".held") }

// capture5 saves the real 5.3.3 mqadmin view of a group of kit5's cluster
// with kit5's capture5.sh (FAST=1), retried like capture.
func (k *kit) capture5(t *testing.T, scenario, topic, group string, clients int) string {
	t.Helper()
	return k.captureWith(t, filepath.Join("kit5", "capture5.sh"), []string{"RMQKIT5_NS=" + k.namesrv5}, scenario, clients, []string{scenario, topic, group})
}

// captureWith runs the kit's capture script (a path in the kit) with args
// and the extra environment, two captures at a time, until the scenario's
// folder is complete (captureAttempts tries at most).
func (k *kit) captureWith(t *testing.T, script string, env []string, scenario string, clients int, args []string) string {
	t.Helper()
	return k.captureUntil(t, script, env, scenario, args, func(dir string) string { return captureMissing(dir, clients) })
}

// captureUntil is captureWith with its own completeness check: missing
// says what a capture folder lacks ("" when nothing).
func (k *kit) captureUntil(t *testing.T, script string, env []string, scenario string, args []string, missing func(dir string) string) string {
	t.Helper()
	dir := filepath.Join(k.captures, scenario)
	env = append([]string{"FAST=1", "RMQKIT_CAPTURES=" + k.captures}, env...)
	for attempt := 1; ; attempt++ {
		why := func() string {
			k.capSem <- struct{}{}
			defer func() { <-k.capSem }()
			_ = os.RemoveAll(dir)
			out, errs, err := run(3*time.Minute, env, k.run, filepath.Join(k.dir, script), args...)
			if err != nil {
				t.Fatalf("%s %s: %v\n%s%s", filepath.Base(script), scenario, err, out, errs)
			}
			return missing(dir)
		}()
		if why == "" {
			return dir
		}
		if attempt == captureAttempts {
			t.Fatalf("capture %s incomplete %d times: %s", scenario, captureAttempts, why)
		}
		t.Logf("capture %s incomplete (%s), taking it again", scenario, why)
		backOff(2 * attempt)
	}
}

// captureAttempts bounds the captures of one moment. mqadmin waits 3 s
// for each answer: while a name server or a client answers slower (a
// loaded machine; seen in CI for minutes), a capture comes out
// incomplete, so the next is taken later (10 s, 20 s, 30 s) and the
// capture slot is free meanwhile.
const captureAttempts = 4

// client5Opts is given to every 5.3.3 client JVM the tests start. The 5.3.3
// client closes its name-server connection when any request on it times
// out (its default, unlike 4.9.3's). On a loaded machine a starting JVM's
// scheduled route poll can take over 3 s: closing then fails the start
// request waiting on the same connection, and the driver dies ("send
// request to <namesrv> failed"; 6 of 18 starts under a CPU load here, 0 of 18
// with this). No test here looks at how a client handles a hung server
// with 5.3.3 drivers, so turning it off changes nothing they assert.
const client5Opts = "-Dcom.rocketmq.remoting.client.closeSocketIfTimeout=false"
