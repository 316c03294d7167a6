package mqadmin_test

import (
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
)

const (
	mixedDir = "../../testdata/cluster/status-files-mixed-strategies"
	wrongDir = "../../testdata/cluster/wrong-owner"
)

// deleteLines removes lines from..to (1-based, inclusive), as sed -i 'from,to d'.
func deleteLines(s string, from, to int) string {
	ls := strings.SplitAfter(s, "\n")
	return strings.Join(append(ls[:from-1:from-1], ls[to:]...), "")
}

// moveLine moves line n (1-based) to the top.
func moveLine(s string, n int) string {
	ls := strings.SplitAfter(s, "\n")
	l := ls[n-1]
	rest := append(ls[:n-1:n-1], ls[n:]...)
	return l + strings.Join(rest, "")
}

// Damaged texts that still look like a whole group, each refused with the
// line and what did not add up.
func TestDamagedTextsRefused(t *testing.T) {
	st := read(t, mixedDir+"/status/10.0.0.80@54696")
	prog := read(t, wrongDir+"/progress.txt")
	prog5 := read(t, "../../testdata/cluster/no-owner-info/progress.txt")
	conn := read(t, wrongDir+"/connection.txt")
	detail := strings.Index(st, "#Consumer MQ Detail#")
	offsetLine := strings.Count(st[:strings.Index(st, "#Consumer Offset#")], "\n") + 3 // the first queue line
	for _, tt := range []struct {
		name, format, text string
		line               int
		msg                string
	}{
		{"status cut in half", "status", st[:len(st)/2], 0, "cut"},
		{"status cut inside an MQ Detail line", "status", st[:strings.Index(st[detail:], "commitOffset=")+detail+20], 0, "ProcessQueueInfo"},
		{"status cut inside a section header", "status", st[:strings.Index(st, "#Consumer Pop Detail#")+12], 0, "cut"},
		{"status without its last sections", "status", st[:strings.Index(st, "#Consumer Pop Detail#")], 0, "cut"},
		{"status: an offset line lost", "status", deleteLines(st, offsetLine+2, offsetLine+2), 30, "the two sections list the same queues"},
		{"status: a detail line lost", "status", deleteLines(st, 31, 31), 31, "the two sections list the same queues"},
		{"status: offsets disagree", "status", strings.Replace(st, "663855  ", "663856  ", 1), 30, "differs from its #Consumer Offset"},
		{"status: sections moved", "status", strings.Replace(st, "#Consumer Pop Detail#", "#Consumer Offset#", 1), 37, "comes after"},
		{"progress rows 10-14 deleted", "progress", deleteLines(prog, 10, 14), 10, "follows"},
		{"progress: first row above the header", "progress", moveLine(prog, 2), 1, "above the header"},
		{"progress: footer cut", "progress", strings.TrimSuffix(prog, "0\n"), 0, "add up to 85200"},
		{"progress: a row's diff changed", "progress", strings.Replace(prog, "  3468    ", "  3469    ", 1), 3, "#Broker Offset − #Consumer Offset"},
		{"progress 5.3.3: inflight total cut", "progress", strings.TrimSuffix(prog5, "7\n"), 0, "#Inflight add up to 737"},
		{"progress 5.3.3: inflight total missing", "progress", prog5[:strings.LastIndex(prog5, "Consume Inflight")], 0, "Consume Inflight Total"},
		{"connection: last line cut", "connection", strings.TrimSuffix(conn, "T\n"), 0, "ConsumeFromWhere name"},
		{"connection: first line above the header", "connection", moveLine(conn, 2), 1, "above the header"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			switch tt.format {
			case "status":
				_, err = mqadmin.ParseConsumerStatus(tt.text)
			case "progress":
				_, err = mqadmin.ParseConsumerProgress(tt.text)
			case "connection":
				_, err = mqadmin.ParseConsumerConnection(tt.text)
			}
			var pe *alloc.TextError
			require.ErrorAs(t, err, &pe)
			assert.Equal(t, tt.format, pe.Source)
			if tt.line > 0 {
				assert.Equal(t, tt.line, pe.Line, pe.Error())
			}
			assert.Positive(t, pe.Line)
			assert.Contains(t, pe.Msg, tt.msg)
			assert.NotContains(t, pe.Error(), "\n", "one line")
		})
	}
}

// Every cut of every sample text before its end is refused, or (a cut in
// the parts after the queue lists) reads to the same queues.
func TestSampleCutsNeverHalfAGroup(t *testing.T) {
	var texts []string
	for _, d := range append(testkit.SampleDirs(t, "cluster"), realDirs(t)...) {
		for _, f := range globs(d, "progress*.txt", "status/*", "connection.txt") {
			texts = append(texts, read(t, f))
		}
	}
	for _, text := range texts {
		whole := parseAny(text)
		require.NotNil(t, whole)
		for n := 1; n < len(strings.TrimRight(text, "\n")); n += 1 + len(text)/300 {
			if got := parseAny(text[:n]); got != nil {
				assert.Equal(t, whole, got, "cut at %d of %q", n, text[:40])
			}
		}
	}
}

// PowerShell's > writes UTF-16LE with a BOM: read as such. The same text
// already decoded as UTF-8 (BOM lost) is named, not "no header".
func TestUTF16(t *testing.T) {
	prog := read(t, wrongDir+"/progress.txt")
	u := utf16.Encode([]rune(prog))
	b := []byte{0xff, 0xfe}
	for _, c := range u {
		b = append(b, byte(c), byte(c>>8))
	}
	p, err := mqadmin.ParseConsumerProgress(string(b))
	require.NoError(t, err)
	want, err := mqadmin.ParseConsumerProgress(prog)
	require.NoError(t, err)
	assert.Equal(t, want, p)

	mangled := "\ufffd\ufffd" + string(b[2:])
	_, err = mqadmin.ParseConsumerStatus(mangled)
	require.ErrorContains(t, err, "UTF-16")
	require.ErrorContains(t, err, "save it as UTF-8")
}
