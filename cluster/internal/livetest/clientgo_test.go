//go:build live

package livetest

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

var clientgoTopic = topic("T_cgo", queuesOn{"broker-a": 3, "broker-b": 3})

// TestClientGoFixesMixedGroup is TestJavaAndGoDisagree's group (two Java
// members and one Go member whose client IDs Java and Go sort apart) with
// the Go member on clientgo's Java-exact AVG: every member takes exactly
// its Java share, and the doctor, told the group allocates as Java 4.9.3
// does, finds every queue ok.
func TestClientGoFixesMixedGroup(t *testing.T) {
	t.Parallel()
	g := "G_cgo"
	m := startMixedGroup(t, g, clientgoTopic, "cgo-mix", theKit.clientgo, "-strategy", "java-avg")
	// With clientgo every member, the Go one included, allocates as Java.
	members := map[string]member{
		m.javaA: {profile: javaProfile, spec: mustSpec("avg")},
		m.javaB: {profile: javaProfile, spec: mustSpec("avg")},
		m.goID:  {profile: javaProfile, spec: mustSpec("avg")},
	}
	m.settleJava(t, members)
	goID := m.goID
	v, reason := observe(g, []string{clientgoTopic}, false)
	require.Empty(t, reason)
	want, err := expect(g, v, members)
	require.NoError(t, err)
	assert.Empty(t, heldTwice(want), "Java's shares never overlap: %v", want)

	sends, _ := sendCount(t, "cgo_mix_producer", clientgoTopic, 32)
	require.Greater(t, sent(sends), 0)
	dir := m.captureWhenGoHolds(t, "clientgo-mixed", mainOnly(want[goID]))
	in := captureInput(t, dir)
	in.Profile = javaProfile
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err)
	assert.True(t, rep.OK, rep.Text())
	assert.Empty(t, queuesWithStatus(rep, clientgoTopic, doctor.StatusDoubleOwned), rep.Text())
	assert.Len(t, queuesWithStatus(rep, clientgoTopic, doctor.StatusOK), 6, rep.Text())
}
