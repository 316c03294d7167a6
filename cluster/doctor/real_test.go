package doctor_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
)

// captureText is a capture folder's file: name, or, when that is empty or
// absent, the first of alternatives that has text (the .err of a failed
// command, another form of it) — as `rmqalloc doctor FOLDER` reads it.
func captureText(t testing.TB, dir string, names ...string) string {
	t.Helper()
	for _, n := range names {
		if b, err := os.ReadFile(filepath.Join(dir, n)); err == nil && strings.TrimSpace(string(b)) != "" {
			return string(b)
		}
	}
	return ""
}

// captureInput reads a folder of testdata/real*: capture.sh's layout
// (status/<millis>/<clientId>, connection.err when the command failed,
// progress-c.txt when only the per-topic form runs).
func captureInput(t testing.TB, dir string) doctor.Input {
	in := doctor.Input{
		Routes:     []doctor.RouteText{{Text: captureText(t, dir, "route.txt")}},
		Connection: captureText(t, dir, "connection.txt", "connection.err"),
		Progress:   captureText(t, dir, "progress.txt", "progress-c.txt", "progress.err"),
		CapturedAt: captureText(t, dir, "captured-at.txt"),
	}
	if b, err := os.ReadFile(filepath.Join(dir, "status", "stderr.txt")); err == nil {
		in.StatusErr = string(b) // the members consumerStatus could not reach
	}
	runs, _ := filepath.Glob(filepath.Join(dir, "status", "[0-9]*"))
	sort.Strings(runs)
	if len(runs) > 0 {
		files, _ := filepath.Glob(filepath.Join(runs[len(runs)-1], "*"))
		for _, f := range files {
			in.Status = append(in.Status, doctor.StatusText{Name: filepath.Base(f), Text: readFile(t, f)})
		}
	}
	return in
}

// heldLine is one line of a held/ file: "19:09:07 CID inst=.. strategy=..
// consumed=N held=N [broker/topic/qid, ...]".
var heldLine = regexp.MustCompile(`^\S+ (\S+) .*held=\d+ \[(.*)\]$`)

// heldOwners reads held/*.txt: per "topic broker/qid", the client IDs that
// really held it (sorted) and how many consumers did (one a file and
// client ID: two processes sharing an ID write a file each), and the
// clients the files cover.
func heldOwners(t testing.TB, dir string) (owners map[string][]string, holders map[string]int, covered map[string]bool) {
	owners, holders, covered = map[string][]string{}, map[string]int{}, map[string]bool{}
	files, _ := filepath.Glob(filepath.Join(dir, "held", "*.txt"))
	for _, f := range files {
		counted := map[string]bool{} // client ID and queue: f is one process a client ID
		for _, line := range strings.Split(strings.TrimSpace(readFile(t, f)), "\n") {
			m := heldLine.FindStringSubmatch(line)
			require.NotNil(t, m, "%s: %q", f, line)
			covered[m[1]] = true
			if m[2] == "" {
				continue
			}
			for _, q := range strings.Split(m[2], ", ") {
				parts := strings.Split(q, "/") // broker/topic/qid; %RETRY% topics have no '/'
				require.Len(t, parts, 3, q)
				k := parts[1] + " " + parts[0] + "/" + parts[2]
				if !counted[m[1]+" "+k] {
					counted[m[1]+" "+k] = true
					holders[k]++
				}
				if !slices.Contains(owners[k], m[1]) {
					owners[k] = append(owners[k], m[1])
					slices.Sort(owners[k])
				}
			}
		}
	}
	return owners, holders, covered
}

// realCase is what one real capture must give.
type realCase struct {
	dir      string
	ok       bool          // Report.OK (exit 0)
	judged   bool          // owners known (else exit 3)
	codes    []doctor.Code // findings that must be reported
	notCodes []doctor.Code // findings that must not
}

var realCases = []realCase{
	{dir: "real/basic3", ok: true, judged: true, notCodes: []doctor.Code{"DOUBLE_OWNED", "UNOWNED"}},
	{dir: "real/basic3-early", ok: true, judged: true, notCodes: []doctor.Code{"DOUBLE_OWNED", "UNOWNED"}},
	{dir: "real/dup-clientid", judged: true, codes: []doctor.Code{"DUPLICATE_CLIENT_ID", "DOUBLE_OWNED", "ORPHANED"}},
	{dir: "real/mixed-language", ok: true, judged: true, codes: []doctor.Code{"MIXED_LANGUAGES"}},
	{dir: "real/mixed-strategy", judged: true, codes: []doctor.Code{"MIXED_STRATEGIES", "DOUBLE_OWNED", "ORPHANED"}},
	// T_GROW grown from 4 queues on broker-a to 8 on each broker: just
	// after, every member still allocates over the old route.
	{dir: "real/queue-grow/1-before", ok: true, judged: true},
	{dir: "real/queue-grow/2-just-after", ok: true, judged: true, codes: []doctor.Code{"ROUTE_VIEW_DIFFERS"}, notCodes: []doctor.Code{"UNOWNED", "WRONG_OWNER", "DOUBLE_OWNED"}},
	{dir: "real/queue-grow/3-after-60s", ok: true, judged: true, notCodes: []doctor.Code{"ROUTE_VIEW_DIFFERS"}},
	// One of three consumers frozen (kill -STOP): mqadmin consumerStatus
	// got CODE 207 for it and consumerProgress -s true no #Client IP; its
	// queues are unknown, the rest judged (livetest TestFrozenConsumer).
	{dir: "real/frozen-consumer", ok: true, judged: true, codes: []doctor.Code{"CONSUMER_UNRESPONSIVE"}, notCodes: []doctor.Code{"UNOWNED", "WRONG_OWNER", "NO_OWNER_INFO"}},
	// broker-c frozen: mqadmin's consumerConnection and consumerProgress
	// both timed out on it; the status files alone cannot be judged
	// against no member list (livetest TestFrozenBroker).
	{dir: "real/hung-broker", judged: false, codes: []doctor.Code{"READ_FAILED"}, notCodes: []doctor.Code{"UNOWNED", "UNEXPECTED_OWNER", "UNKNOWN_OWNER"}},
	// consumerStatus's CODE 206 (status/stderr.txt) is the same offline
	// answer, not a failed read.
	{dir: "real/offline-group", judged: true, codes: []doctor.Code{"GROUP_OFFLINE"}, notCodes: []doctor.Code{"NO_OWNER_INFO", "READ_FAILED"}},
	{dir: "real5/b493-basic3-c533", ok: true, judged: true},
	{dir: "real5/b533-basic3-c493", ok: true, judged: true},
	{dir: "real5/b533-basic3-c533", ok: true, judged: true},
	{dir: "real5/b533-dup-c533", judged: true, codes: []doctor.Code{"DUPLICATE_CLIENT_ID", "DOUBLE_OWNED", "ORPHANED"}},
	{dir: "real5/b533-mixed-c533", judged: true, codes: []doctor.Code{"MIXED_STRATEGIES", "DOUBLE_OWNED", "ORPHANED"}},
	// MACHINE_ROOM without ROOM@ broker names keeps nothing: most queues
	// really have no owner (ORPHANED), none is wrongly UNOWNED.
	{dir: "real5/b533-room-c533", judged: true, codes: []doctor.Code{"MACHINE_ROOM", "MIXED_STRATEGIES", "ORPHANED"}, notCodes: []doctor.Code{"UNOWNED", "UNKNOWN_STRATEGY"}},
}

// Every real capture gets the verdict its situation calls for, and the
// doctor's actual owners are what the consumers really held (held/), on
// every queue: exactly, for the clients held/ covers.
func TestRealCaptures(t *testing.T) {
	for _, c := range realCases {
		t.Run(c.dir, func(t *testing.T) {
			dir := filepath.Join("../../testdata", c.dir)
			rep, err := doctor.Diagnose(captureInput(t, dir))
			require.NoError(t, err)
			got := codes(rep)
			assert.NotNil(t, rep.Findings, "[] in the JSON, never null")
			assert.Equal(t, c.ok, rep.OK, rep.Text())
			assert.Equal(t, c.judged, rep.Judged, rep.Text())
			for _, code := range c.codes {
				assert.Contains(t, got, code, rep.Text())
			}
			for _, code := range c.notCodes {
				assert.NotContains(t, got, code, rep.Text())
			}
			held, holders, covered := heldOwners(t, dir)
			n := 0
			for _, tr := range rep.Topics {
				for _, q := range tr.Queues {
					k := tr.Topic + " " + q.BrokerName + "/" + strconv.Itoa(int(q.QueueID))
					if q.Status == doctor.StatusUnknown && c.judged {
						// not read: its reason says why (frozen-consumer's
						// unknown queues are exactly the frozen member's:
						// TestFrozenMemberRealCapture)
						assert.NotEmpty(t, q.Cause, k)
						n++
						continue
					}
					if q.Status == doctor.StatusUnknown {
						n++
						continue
					}
					want := held[k]
					if want == nil {
						want = []string{}
					}
					var actual []string
					for _, a := range q.Actual {
						if len(covered) == 0 || covered[a] {
							actual = append(actual, a)
						}
					}
					if actual == nil {
						actual = []string{}
					}
					assert.Equal(t, want, actual, "%s", k)
					if len(covered) > 0 && len(actual) == len(q.Actual) {
						// Double-owned exactly where two consumers held it.
						assert.Equal(t, holders[k] >= 2, q.Status == doctor.StatusDoubleOwned, "%s: %d consumers held it, status %s", k, holders[k], q.Status)
					}
					n++
				}
			}
			assert.Positive(t, n)
			for _, tr := range rep.Topics {
				for _, q := range tr.Queues {
					if q.ExplainedBy != "" {
						assert.Contains(t, got, q.ExplainedBy, "%s/%d is explained by a finding the report has", q.BrokerName, q.QueueID)
						assert.NotEqual(t, doctor.StatusOK, q.Status)
					}
				}
			}
		})
	}
}

// The 5.3.3 outputs stay read exactly: consumerStatus -i (its 64
// properties, Pop Detail and User Consume Info sections) diagnoses like
// the files consumerStatus -g writes; every progress text with #Inflight is
// the 5.3.3 layout; the #Index list consumerStatus prints is not a client.
func TestReal533Outputs(t *testing.T) {
	n := 0
	for _, dir := range testkit.SampleDirs(t, "real5") {
		in := captureInput(t, dir)
		want, err := doctor.Diagnose(in)
		require.NoError(t, err, dir)
		files, _ := filepath.Glob(filepath.Join(dir, "status-i", "*.txt"))
		require.NotEmpty(t, files, dir)
		in.Status = nil
		for _, f := range files {
			text := readFile(t, f)
			ri, err := mqadmin.ParseConsumerStatus(text)
			require.NoError(t, err, f)
			if strings.Contains(ri.Properties["PROP_CLIENT_VERSION"], "V5_3_3") {
				assert.Len(t, ri.Properties, 64, f)
			}
			in.Status = append(in.Status, doctor.StatusText{Name: strings.TrimSuffix(filepath.Base(f), ".txt"), Text: text})
		}
		got, err := doctor.Diagnose(in)
		require.NoError(t, err, dir)
		assert.Equal(t, want.Topics, got.Topics, dir)
		assert.Equal(t, want.OK, got.OK, dir)
		progress, _ := filepath.Glob(filepath.Join(dir, "progress*.txt"))
		for _, f := range progress {
			text := readFile(t, f)
			if strings.TrimSpace(text) == "" {
				continue
			}
			p, err := mqadmin.ParseConsumerProgress(text)
			require.NoError(t, err, f)
			assert.Equal(t, mqadmin.Layout533, p.Layout, f)
			n++
		}
		_, err = mqadmin.ParseConsumerStatus(readFile(t, filepath.Join(dir, "status", "stdout.txt")))
		assert.Error(t, err, "the #Index list is not a running info")
	}
	assert.Positive(t, n)
}
