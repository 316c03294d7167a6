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
	dir, run  string
	classes   string // the compiled testdata/live/java drivers
	kitgo     string // the kit's Go consumer, built
	namesrv   string
	classpath string
	jvm       []string // cluster.sh's client JVM options
	captures  string
	capSem    chan struct{}
}

var theKit *kit

// Broker addresses of the kit (cluster.sh: fixed ports on 127.0.0.1).
var brokerAddr = map[string]string{"broker-a": "127.0.0.1:10911", "broker-b": "127.0.0.1:10921"}

func TestMain(m *testing.M) {
	k, err := newKit()
	if err != nil {
		fmt.Fprintln(os.Stderr, "livetest:", err, "(run it through scripts/test-live.sh: make test-live)")
		os.Exit(1)
	}
	theKit = k
	if err := createTopics(); err != nil {
		fmt.Fprintln(os.Stderr, "livetest: creating the topics:", err)
		os.Exit(1)
	}
	if err := startBatch(); err != nil {
		fmt.Fprintln(os.Stderr, "livetest: starting the consumers:", err)
		os.Exit(1)
	}
	rc := m.Run()
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
	k := &kit{capSem: make(chan struct{}, 2)}
	var err error
	for _, f := range []struct {
		dst  *string
		name string
	}{{&k.dir, "ROCKETMQ_KIT"}, {&k.run, "RMQKIT_RUN"}, {&k.classes, "RMQALLOC_LIVE_CLASSES"},
		{&k.kitgo, "RMQALLOC_LIVE_KITGO"}, {&k.namesrv, "RMQALLOC_LIVE_NAMESRV"}} {
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

// bgJava starts one of our drivers in the background.
func (k *kit) bgJava(t *testing.T, name, class string, args ...string) {
	t.Helper()
	k.bg(t, name, k.javaArgs(class, args...)...)
}

// bgKit starts one of the kit's own drivers (KitConsumer, ...) with cluster.sh bg.
func (k *kit) bgKit(t *testing.T, name, class string, args ...string) {
	t.Helper()
	out, errs, err := k.clusterSh(30*time.Second, append([]string{"bg", name, class}, args...)...)
	if err != nil {
		t.Fatalf("starting %s: %v\n%s%s", name, err, out, errs)
	}
	t.Cleanup(func() { k.kill(name) })
}

// kill stops a background process by its recorded PID; a second call is a no-op.
func (k *kit) kill(name string) {
	if _, err := os.Stat(filepath.Join(k.run, "pids", name)); err != nil {
		return
	}
	_, _, _ = k.clusterSh(30*time.Second, "kill", name)
}

// log is the tail of a background process's output, for failure messages.
func (k *kit) log(name string) string {
	b, _ := os.ReadFile(filepath.Join(k.run, "logs", name+".out"))
	if len(b) > 2000 {
		b = b[len(b)-2000:]
	}
	return string(b)
}

func (k *kit) mqadmin(args ...string) (string, string, error) {
	return k.clusterSh(90*time.Second, append([]string{"mqadmin"}, args...)...)
}

// capture saves the real mqadmin view of a group with the kit's capture.sh
// (FAST=1: the group commands side by side) and returns its folder.
func (k *kit) capture(t *testing.T, scenario, topic, group string, holds ...string) string {
	t.Helper()
	k.capSem <- struct{}{}
	defer func() { <-k.capSem }()
	out, errs, err := run(3*time.Minute, []string{"FAST=1", "RMQKIT_CAPTURES=" + k.captures}, k.run,
		filepath.Join(k.dir, "capture.sh"), append([]string{scenario, topic, group}, holds...)...)
	if err != nil {
		t.Fatalf("capture.sh %s: %v\n%s%s", scenario, err, out, errs)
	}
	return filepath.Join(k.captures, scenario)
}

// holdPath is where a scenario's hold file goes.
func (k *kit) holdPath(name string) string { return filepath.Join(k.run, name+".held") }
