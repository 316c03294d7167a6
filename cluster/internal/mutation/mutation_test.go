package mutation

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/live"
)

// The damage classes over real captures of both versions: harmless
// changes (line ends, BOMs, UTF-16 with its BOM) give the intact verdict,
// unreadable ones (zeros, UTF-16 read as UTF-8) are refused, and no damage
// yields another confident verdict unless it is another capture that can
// happen (VALID-OTHER, with its reason). make mutbench runs every folder.
func TestDamageClasses(t *testing.T) {
	// Every sample folder, as make mutbench (fewer line positions).
	var dirs []string
	for _, g := range []string{"real/*", "real/queue-grow/*", "real5/*", "cluster/*"} {
		m, err := filepath.Glob("../../../testdata/" + g)
		require.NoError(t, err)
		dirs = append(dirs, m...)
	}
	dirs = slices.DeleteFunc(dirs, func(d string) bool {
		_, err := os.Stat(filepath.Join(d, "connection.txt"))
		return err != nil // a README, queue-grow's parent
	})
	require.GreaterOrEqual(t, len(dirs), 20)
	var ins []doctor.Input
	for _, d := range dirs {
		in, err := live.ReadFolder(d)
		require.NoError(t, err, d)
		ins = append(ins, in)
	}
	mustBe := map[string]string{"binary": Refused, "encoding-utf16-nobom": Refused, "encoding-crlf": Same, "encoding-utf8-bom": Same}
	counts := map[string]map[string]int{}
	for i, in := range ins {
		intact, err := Verdict(in)
		require.NoError(t, err)
		var others []doctor.Input
		for j, o := range ins {
			if j != i {
				others = append(others, o)
			}
		}
		for _, m := range Generate(in, others, 4) {
			out, got := Compare(intact, m)
			if counts[m.Class] == nil {
				counts[m.Class] = map[string]int{}
			}
			counts[m.Class][out]++
			assert.NotEqual(t, Different, out, "%s %s: %s -> %s", dirs[i], m.What, intact, got)
			if want, ok := mustBe[m.Class]; ok {
				assert.Equal(t, want, out, "%s %s: %s", dirs[i], m.What, got)
			}
		}
	}
	for _, c := range []string{"cut", "delete-line", "duplicate-line", "mix-captures", "shuffle-status", "wrap-80", "less-S"} {
		assert.NotEmpty(t, counts[c], "class %s generated", c)
	}
	t.Log(counts)
}

// Damage that yields another capture that can happen is marked with its
// reason (a changed verdict is VALID-OTHER), and only that: a connection's
// client line, not its header or subscriptions; a file of the same group
// and brokers, not another group's; renamed files of clients the texts
// cannot tell apart, not of a Java and a Go client.
func TestValidOtherIsMarked(t *testing.T) {
	read := func(d string) doctor.Input {
		in, err := live.ReadFolder("../../../testdata/" + d)
		require.NoError(t, err, d)
		return in
	}
	basic, early, dup, lang := read("real/basic3"), read("real/basic3-early"), read("real/dup-clientid"), read("real/mixed-language")
	valid := map[string]string{}
	for _, m := range Generate(basic, []doctor.Input{early, dup}, 1000) {
		valid[m.What] = m.Valid
	}
	assert.Equal(t, ReasonMemberMissing, valid["connection: line 2 deleted"])
	assert.Empty(t, valid["connection: line 1 deleted"], "the header")
	assert.Empty(t, valid["connection: line 8 deleted"], "a subscription line")
	assert.Equal(t, ReasonAnotherMoment, valid["status 127.0.0.1@c1 from capture 0"])
	assert.Empty(t, valid["status 127.0.0.1@c1 from capture 1"], "G_DUP's status")
	assert.Equal(t, ReasonNoIdentity, valid["status files renamed in a cycle"])
	assert.Equal(t, ReasonNoOffsetYet, valid["progress: line 2 deleted"], "broker-a's only %RETRY% line")
	assert.Empty(t, valid["progress: line 4 deleted"], "one of broker-a's 8 T_BASIC lines")
	for _, m := range Generate(lang, nil, 1) {
		if m.Class == "shuffle-status" {
			assert.Empty(t, m.Valid, "a Java and a Go client")
		}
	}
}
