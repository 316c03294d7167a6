//go:build !(js && wasm)

package main

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRun(t *testing.T) {
	for _, c := range []struct {
		args   []string
		status int
		out    string
		errOut string
	}{
		{[]string{"doctor", "../../testdata/cluster/wrong-owner"}, 1, "not consumed as expected", ""},
		{[]string{"doctor", "../../testdata/cluster/wrong-owner", "--json"}, 1, `"topics":`, ""},
		{[]string{"doctor", "nope"}, 2, "", "nope: not a folder of saved mqadmin outputs (no route.txt)"},
		{[]string{"doctor"}, 2, "", "give --namesrv HOST:PORT --group GROUP, or a FOLDER"},
		{[]string{"doctor", "--namesrv", "127.0.0.1:1"}, 2, "", "no consumer group"},
		{[]string{"doctor", "--namesrv", "127.0.0.1:1", "--group", "G", "--timeout", "2s"}, 2, "", "NameServer 127.0.0.1:1 is unreachable: connection refused"},
		{[]string{"doctor", "--bogus"}, 2, "", "flag provided but not defined: -bogus"},
		// several folders: one group's snapshots over time, else refused naming both
		{[]string{"doctor", "../../testdata/timeline/basic3-early", "../../testdata/timeline/basic3"}, 0, "Over 2 snapshots", ""},
		{[]string{"doctor", "../../testdata/timeline/basic3-early", "--json", "../../testdata/timeline/basic3"}, 0, `"timeline":`, ""},
		{[]string{"doctor", "../../testdata/real/basic3", "../../testdata/real/dup-clientid"}, 2, "",
			`real/dup-clientid/connection.txt: is of consumer group "G_DUP", but snapshot "../../testdata/real/basic3" is of "G_BASIC"`},
		{[]string{"--help"}, 0, "Usage: rmqalloc doctor --namesrv", ""},
		{[]string{"doctor", "--help"}, 0, "Usage: rmqalloc doctor --namesrv", ""},
	} {
		var out, errOut bytes.Buffer
		status := run(c.args, &out, &errOut)
		assert.Equal(t, c.status, status, "%v: %s", c.args, errOut.String())
		assert.Contains(t, out.String(), c.out, "%v", c.args)
		assert.Contains(t, errOut.String(), c.errOut, "%v", c.args)
	}
}
