//go:build live

package livetest

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/live"
)

var (
	topicMixVer = topic5("T5_mixver", queuesOn{"broker-a5": 5, "broker-b5": 4})
	topicRoom5  = topic5("T5_room", queuesOn{"broker-a5": 4, "broker-b5": 4})
)

// TestKit5MixedVersionsGroup: one group on the 5.3.3 cluster with a 4.9.3
// classic client JVM (the 4.9.3 kit's KitConsumer against the 5.3.3 name
// server) and a 5.3.3 one (KitConsumer5): each holds what its own client
// version computes (profiles java-4.9.3 and java-5.3.3), and the doctor's
// live read of the group finds every queue where it should be.
func TestKit5MixedVersionsGroup(t *testing.T) {
	k := theKit
	if k.namesrv5 == "" {
		t.Skip("kit5 (RocketMQ 5.3.3) is not running: no RMQALLOC_LIVE_NAMESRV5")
	}
	t.Parallel()
	g := "G5_mixver"
	h4, h5 := k.holdPath(g+"-493"), k.holdPath(g+"-533")
	k.kitConsumer(t, "kit5-mixver-493", 2, "-n", k.namesrv5, "-g", g, "-t", topicMixVer, "-hold", h4, "v1", "v2")
	k.kit5Consumer(t, "kit5-mixver-533", 2, "-n", k.namesrv5, "-g", g, "-t", topicMixVer, "-hold", h5, "w1", "w2")
	avg := mustSpec("avg")
	lg := &liveGroup{name: g, topics: []string{topicMixVer}, holds: []string{h4, h5}, lines: 4, cids: 4, namesrv: k.namesrv5,
		members: map[string]member{
			"127.0.0.1@v1": {profile: alloc.Java493.Name(), spec: avg}, "127.0.0.1@v2": {profile: alloc.Java493.Name(), spec: avg},
			"127.0.0.1@w1": {profile: alloc.Java533.Name(), spec: avg}, "127.0.0.1@w2": {profile: alloc.Java533.Name(), spec: avg},
		}}
	settle(t, g, 150*time.Second, lg.check)
	// The members hold their queues before they commit offsets there (every
	// 5 s): the live read and the capture compare only once each queue has one.
	settle(t, g+"'s offsets committed", 60*time.Second, func() (bool, string) {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		snap, err := live.Read(ctx, live.Options{NameServer: k.namesrv5, Group: g})
		if err != nil {
			return false, err.Error()
		}
		rep, err := doctor.Diagnose(snap.Input())
		if err != nil {
			return false, err.Error()
		}
		codes := findingCodes(rep)
		return !slices.Contains(codes, doctor.CodeRouteQueueWithoutOffset), fmt.Sprint(codes)
	})
	rep, snap := liveDiagnoseOn(t, k.namesrv5, g, liveDir(t, "kit5-mixver"))
	t.Logf("doctor on the live mixed-version group:\n%s", rep.Text())
	assert.True(t, rep.OK, rep.Text())
	assert.Len(t, queuesWithStatus(rep, topicMixVer, doctor.StatusOK), 9, rep.Text())
	assert.NotContains(t, findingCodes(rep), doctor.CodeMixedStrategies, rep.Text())
	// The real 5.3.3 mqadmin's view of the same group: the same diagnosis,
	// and the live status files in its layout (for the 4.9.3 clients too:
	// empty Pop Detail and User Consume Info sections).
	capDir := k.capture5(t, "kit5-mixver", topicMixVer, g, 4)
	sameDiagnosis(t, diagnose(t, capDir), rep, topicMixVer)
	realStatus := realStatusFiles(t, capDir)
	require.Len(t, snap.Status, 4)
	for _, st := range snap.Status {
		sameStatusLayout(t, realStatus[st.ClientID], st)
	}
	// The npm package's `rmqalloc doctor --namesrv` on the 5.3.3 cluster.
	out := cliLiveDoctorOn(t, k.namesrv5, g, liveDir(t, "kit5-mixver-cli"))
	assert.Contains(t, out, `"ok":true`, "the npm CLI's live report")
}

// TestKit5MachineRoomWithoutRooms: AllocateMessageQueueByMachineRoom
// consumers (rooms {idc1}) beside an AVG one on brokers whose names have no
// ROOM@ part: the real MACHINE_ROOM consumers hold nothing, the AVG one its
// AVG share, as predicted; the doctor's live read says MACHINE_ROOM for the
// two room consumers.
func TestKit5MachineRoomWithoutRooms(t *testing.T) {
	k := theKit
	if k.namesrv5 == "" {
		t.Skip("kit5 (RocketMQ 5.3.3) is not running: no RMQALLOC_LIVE_NAMESRV5")
	}
	t.Parallel()
	g := "G5_room"
	hold := k.holdPath(g)
	k.kit5Consumer(t, "kit5-room", 3, "-n", k.namesrv5, "-g", g, "-t", topicRoom5, "-hold", hold, "r1:room=idc1", "r2:room=idc1", "r3:avg")
	room := mustSpec("room=idc1")
	lg := &liveGroup{name: g, topics: []string{topicRoom5}, holds: []string{hold}, lines: 3, cids: 3, namesrv: k.namesrv5,
		members: map[string]member{
			"127.0.0.1@r1": {profile: alloc.Java533.Name(), spec: room}, "127.0.0.1@r2": {profile: alloc.Java533.Name(), spec: room},
			"127.0.0.1@r3": {profile: alloc.Java533.Name(), spec: mustSpec("avg")},
		}}
	settle(t, g, 150*time.Second, lg.check)
	lines, err := readHold(hold)
	require.NoError(t, err)
	for _, l := range lines {
		if l.ClientID != "127.0.0.1@r3" {
			assert.Empty(t, mainOnly(l.Held), "%s (MACHINE_ROOM, no ROOM@ broker) holds nothing", l.ClientID)
		}
	}
	rep, _ := liveDiagnoseOn(t, k.namesrv5, g, liveDir(t, "kit5-room"))
	t.Logf("doctor on the live MACHINE_ROOM group:\n%s", rep.Text())
	var room5 *doctor.Finding
	for i := range rep.Findings {
		if rep.Findings[i].Code == doctor.CodeMachineRoom {
			room5 = &rep.Findings[i]
		}
	}
	require.NotNil(t, room5, "MACHINE_ROOM: %s", rep.Text())
	assert.ElementsMatch(t, []string{"127.0.0.1@r1", "127.0.0.1@r2"}, room5.Clients)
	assert.Contains(t, room5.Message, "nothing", "the doctor says MACHINE_ROOM keeps nothing here")
}
