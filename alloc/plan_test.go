package alloc

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

func TestPlanViews(t *testing.T) {
	mq := queues("T", "broker-a", 0, 1, 2, 3, 4)
	p, err := AllocateAll(Averagely(), "g", mq, []string{"c1", "", "c1", "c3"})
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Members(); !slices.Equal(got, []string{"c1", "", "c3"}) {
		t.Errorf("members %q", got)
	}
	if JavaClassOf(p.Err("")) != IllegalArgumentException || p.Of("") != nil {
		t.Errorf("empty member: %v %v", p.Of(""), p.Err(""))
	}
	if p.Of("ghost") != nil || p.Err("ghost") != nil {
		t.Error("non-member has a result")
	}
	wantMap := map[string][]MessageQueue{"c1": mq[0:2], "c3": mq[4:5]}
	if got := p.Map(); !maps.EqualFunc(got, wantMap, slices.Equal) {
		t.Errorf("Map() = %v", got)
	}
	// The empty member's block (2) and c1's second slot (3) are nobody's.
	wantOwners := [][]string{{"c1"}, {"c1"}, nil, nil, {"c3"}}
	for i, w := range wantOwners {
		if got := p.OwnersOf(i); !slices.Equal(got, w) {
			t.Errorf("OwnersOf(%d) = %q, want %q", i, got, w)
		}
	}
	if p.OwnersOf(-1) != nil || p.OwnersOf(5) != nil {
		t.Error("OwnersOf out of range")
	}
	want := "c1: [broker-a/0 broker-a/1]\n: error: currentCID: currentCID is empty\nc3: [broker-a/4]\n"
	if got := p.String(); got != want {
		t.Errorf("String() =\n%s\nwant\n%s", got, want)
	}
}

func TestPlanOwnersShared(t *testing.T) {
	mq := []MessageQueue{{"T", "b", 0}, {"U", "b", 0}, {"T", "b", 0}}
	p := Broadcast(mq, []string{"c1", "c2"})
	if p.Strategy() != "BROADCASTING" {
		t.Errorf("strategy %q", p.Strategy())
	}
	for i := range mq {
		if got := p.OwnersOf(i); !slices.Equal(got, []string{"c1", "c2"}) {
			t.Errorf("broadcast OwnersOf(%d) = %q", i, got)
		}
	}
	if !strings.Contains(p.String(), "c2: [T:b/0 U:b/0 T:b/0]") {
		t.Errorf("multi-topic String():\n%s", p)
	}
	// CONFIG: every member owns the listed queues; unlisted ones nobody.
	c, _ := AllocateAll(ByConfig(mq[1:2]), "g", mq, []string{"c1", "c2"})
	if got := c.OwnersOf(1); !slices.Equal(got, []string{"c1", "c2"}) {
		t.Errorf("config OwnersOf(1) = %q", got)
	}
	if got := c.OwnersOf(0); got != nil {
		t.Errorf("config OwnersOf(0) = %q", got)
	}
	// Broadcast of nothing.
	if e := Broadcast(nil, []string{"c"}); e.Of("c") == nil || len(e.Of("c")) != 0 {
		t.Errorf("broadcast of no queues: %#v", e.Of("c"))
	}
}

func TestAllocateAllGroupErrors(t *testing.T) {
	mq := queues("T", "b", 0)
	for _, s := range []Strategy{Averagely(), ByCircle(), ByMachineRoom(nil), mustCH(t, 3), mustNearby(t)} {
		if _, err := AllocateAll(s, "g", nil, []string{"c"}); JavaClassOf(err) != IllegalArgumentException {
			t.Errorf("%s empty mqAll: %v", s.Name(), err)
		}
		if _, err := AllocateAll(s, "g", mq, nil); JavaClassOf(err) != IllegalArgumentException {
			t.Errorf("%s empty cidAll: %v", s.Name(), err)
		}
	}
	if _, err := AllocateAll(nil, "g", mq, nil); JavaClassOf(err) != NullPointerException {
		t.Errorf("nil strategy: %v", err)
	}
	// CONFIG checks nothing: an empty group is an empty plan.
	p, err := AllocateAll(ByConfig(nil), "g", nil, nil)
	if err != nil || len(p.Members()) != 0 {
		t.Errorf("CONFIG empty group: %v %v", p, err)
	}
}

// TestPlanSlicesAreClipped: appending to a member's queues never writes
// into mqAll or another member's queues.
func TestPlanSlicesAreClipped(t *testing.T) {
	mq := queues("T", "b", seq(0, 10)...)
	orig := slices.Clone(mq)
	for _, s := range allStrategies(t) {
		p, err := AllocateAll(s, "g", mq, []string{"c1", "c2", "c3"})
		if err != nil {
			continue
		}
		for _, m := range p.Members() {
			qs := p.Of(m)
			if len(qs) > 0 {
				_ = append(qs, MessageQueue{"X", "x", 99})
			}
		}
		if !slices.Equal(mq, orig) {
			t.Fatalf("%s: appending to a result changed mqAll", s.Name())
		}
		again, _ := AllocateAll(s, "g", mq, []string{"c1", "c2", "c3"})
		if again.String() != p.String() {
			t.Fatalf("%s: appending to a result changed another member's", s.Name())
		}
	}
}
