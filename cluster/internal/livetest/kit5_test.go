//go:build live

package livetest

import (
	"testing"
	"time"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// RocketMQ 5.3.3 (issue 26): kit5's own NameServer and brokers, 5.3.3
// classic push consumers (KitConsumer5), predicted with the java-5.3.3
// profile. The test names start with TestKit5 (the layer counts them apart).

type group5 struct {
	name, topic, strat string
	insts              []string
}

var groups5 = []group5{
	{"G5_uni_avg", topic5("T5_uni", queuesOn{"broker-a5": 8, "broker-b5": 3}), "avg", []string{"ｲ", "😀", "MiXeD", "mixed"}},
	{"G5_circle", topic5("T5_circle", queuesOn{"broker-a5": 5}), "circle", []string{"c1", "C1", "c10"}},
	{"G5_hash", topic5("T5_hash", queuesOn{"broker-a5": 8, "broker-b5": 8}), "hash", []string{"h1", "h2", "ｲ", "H1"}},
}

func TestKit5AllocationMatchesRealConsumers(t *testing.T) {
	k := theKit
	if k.namesrv5 == "" {
		t.Skip("kit5 (RocketMQ 5.3.3) is not running: no RMQALLOC_LIVE_NAMESRV5")
	}
	t.Parallel()
	for _, g := range groups5 {
		g := g
		t.Run(g.name, func(t *testing.T) {
			t.Parallel()
			hold := k.holdPath(g.name)
			args := []string{"-n", k.namesrv5, "-g", g.name, "-t", g.topic, "-hold", hold}
			lg := &liveGroup{name: g.name, topics: []string{g.topic}, holds: []string{hold}, members: map[string]member{},
				lines: len(g.insts), cids: len(g.insts), namesrv: k.namesrv5}
			for _, inst := range g.insts {
				args = append(args, inst+":"+g.strat)
				lg.members["127.0.0.1@"+inst] = member{profile: alloc.Java533.Name(), spec: mustSpec(g.strat)}
			}
			k.kit5Consumer(t, "kit5-"+g.name, len(g.insts), args...)
			// 240 s: on a loaded 2-core machine (CI) 150 s was once too
			// short for a 5.3.3 group to settle.
			settle(t, g.name, 240*time.Second, lg.check)
		})
	}
}
