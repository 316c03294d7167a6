//go:build unix

package doctor_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// BenchmarkProcessMemory runs each build of the command (the Go binary and
// the npm CLI) on saved folders at the doctor's limits and reports the
// whole process's peak RSS: no input may make either build use more than
// 1 GB (docs/doctor-limits.md). The npm CLI needs `make build` (its module);
// without it that build is skipped, and says so. PROCMEM_DIR=DIR keeps the
// folders there.
//
//	go test -run '^$' -bench '^BenchmarkProcessMemory$' -benchtime 1x ./cluster/doctor/
func BenchmarkProcessMemory(b *testing.B) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		b.Fatal(err)
	}
	bin := filepath.Join(b.TempDir(), "rmqalloc")
	if out, err := exec.Command("go", "build", "-o", bin, filepath.Join(root, "cmd", "rmqalloc")).CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	builds := []struct {
		name string
		argv []string
		need string
	}{
		{"go", []string{bin}, ""},
		{"npm", []string{"node", filepath.Join(root, "js", "bin", "rmqalloc.js")}, filepath.Join(root, "js", "rmqalloc-full.wasm")},
	}
	for _, f := range limitFolders(b) {
		for _, bd := range builds {
			b.Run(f.name+"/"+bd.name, func(b *testing.B) {
				if bd.need != "" {
					if _, err := os.Stat(bd.need); err != nil {
						b.Skipf("%s is missing: run make build first", bd.need)
					}
				}
				var peak, cpu float64
				for i := 0; i < b.N; i++ {
					rss, c, code := runDoctor(b, bd.argv, f.dirs)
					if want := f.exit[bd.name]; code != want {
						b.Fatalf("exit %d, want %d", code, want)
					}
					peak, cpu = max(peak, rss), cpu+c
				}
				b.ReportMetric(peak/1e6, "peak-RSS-MB")
				b.ReportMetric(cpu/float64(b.N), "cpu-s/op")
			})
		}
	}
}

// runDoctor runs `doctor DIR...` and returns the process's peak RSS in
// bytes, its CPU seconds and its exit status.
func runDoctor(b *testing.B, argv []string, dirs []string) (rss, cpu float64, code int) {
	cmd := exec.Command(argv[0], append(append(argv[1:], "doctor", "--json"), dirs...)...)
	cmd.Stdout, cmd.Stderr = nil, nil
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		b.Fatal(err)
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	cpu = (time.Duration(ru.Utime.Nano()) + time.Duration(ru.Stime.Nano())).Seconds()
	return float64(ru.Maxrss) * 1024, cpu, cmd.ProcessState.ExitCode() // Linux: Maxrss in KiB
}

type limitFolder struct {
	name string
	dirs []string
	exit map[string]int // per build: the verdict's exit status, or 2 refused
}

// limitFolders writes the saved folders at the limits:
//   - topic: the largest topic (64 brokers × 1,024 queues) with MaxClients
//     members, each with its status file, every queue held as AVG says;
//   - texts: the same topic, 400 members each holding a whole broker's
//     1,024 queues in its status file (every queue held ~6 times): ~120 MB
//     of status text, near the 128 MiB a snapshot may hold;
//   - series: the first folder given six times, a series of 325 MB (the Go
//     binary holds one folder's texts at a time; its verdict: members
//     stuck, as the files' times are days after the #LastTime written;
//     the npm CLI refuses a series over 128 MiB in all).
func limitFolders(b *testing.B) []limitFolder {
	c := &cluster{topic: "limit_topic", perBroker: doctor.MaxQueuesPerTopic / 64}
	for i := 0; i < 64; i++ {
		c.brokers = append(c.brokers, "broker-"+strconv.Itoa(i))
	}
	for i := 0; i < doctor.MaxClients; i++ {
		c.clients = append(c.clients, "10."+strconv.Itoa(i/250)+"."+strconv.Itoa(i%250)+".1@"+strconv.Itoa(1000+i))
	}
	hold := map[string][]alloc.MessageQueue{}
	for mq, cid := range avgOwners(b, c) {
		hold[cid] = append(hold[cid], mq)
	}
	topic := writeFolder(b, c, hold)

	c.clients = c.clients[:400]
	qs := c.queues()
	hold = map[string][]alloc.MessageQueue{}
	for i, cid := range c.clients {
		hold[cid] = qs[(i%64)*c.perBroker : (i%64+1)*c.perBroker]
	}
	texts := writeFolder(b, c, hold)
	both := func(code int) map[string]int { return map[string]int{"go": code, "npm": code} }
	return []limitFolder{
		{"topic", []string{topic}, both(0)},
		{"texts", []string{texts}, both(1)},
		{"series", []string{topic, topic, topic, topic, topic, topic}, map[string]int{"go": 1, "npm": 2}},
	}
}

// writeFolder saves c's texts with holdings as capture.sh does.
func writeFolder(b *testing.B, c *cluster, hold map[string][]alloc.MessageQueue) string {
	in := c.input(hold, nil, true, "")
	dir := b.TempDir()
	if keep := os.Getenv("PROCMEM_DIR"); keep != "" { // to run them by hand
		var err error
		if dir, err = os.MkdirTemp(keep, "limits-"); err != nil {
			b.Fatal(err)
		}
	}
	write := func(name, text string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	write("route.txt", in.Routes[0].Text)
	write("connection.txt", in.Connection)
	write("progress.txt", in.Progress)
	total := 0
	for _, s := range in.Status {
		write(filepath.Join("status", s.Name), s.Text)
		total += len(s.Text)
	}
	b.Logf("%s: %d status files, %.1f MB of status text", dir, len(in.Status), float64(total)/1e6)
	return dir
}
