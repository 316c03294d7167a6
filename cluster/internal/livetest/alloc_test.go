//go:build live

package livetest

import (
	"testing"
	"time"
)

// Groups whose client IDs stress Java's order (10.0.0.9 sorts after
// 10.0.0.10; UTF-16 puts an emoji before ｲ, UTF-8 after; upper before lower
// case), over 1–2 brokers and 1–16 queues each, and every strategy of the
// Java client. Each real consumer must hold exactly what rmqalloc predicts
// for it, retry topic included.
var allocGroups = []*section{
	sec("G_ip_avg", []string{topic("T_ip", queuesOn{"broker-a": 5, "broker-b": 5})}, 0,
		consumer{"10.0.0.9", "x", "avg"}, consumer{"10.0.0.10", "x", ""}, consumer{"10.0.0.100", "y", ""},
		consumer{"10.0.0.9", "z", ""}),
	sec("G_uni_circle", []string{topic("T_uni", queuesOn{"broker-a": 16})}, 0,
		consumer{"", "ｲ", "circle"}, consumer{"", "😀", "circle"}, consumer{"", "MiXeD", "circle"},
		consumer{"", "mixed", "circle"}, consumer{"", "Zeta", "circle"}, consumer{"", "zeta", "circle"}),
	sec("G_eight_avg", []string{topic("T_eight", queuesOn{"broker-a": 3, "broker-b": 7})}, 0,
		consumer{"10.0.0.9", "c1", ""}, consumer{"10.0.0.10", "C1", ""}, consumer{"10.0.0.9", "c10", ""},
		consumer{"10.0.0.10", "c9", ""}, consumer{"10.0.0.9", "ｲ", ""}, consumer{"10.0.0.10", "😀", ""},
		consumer{"10.0.0.9", "B", ""}, consumer{"10.0.0.9", "b", ""}),
	sec("G_one_queue", []string{topic("T_one", queuesOn{"broker-b": 1})}, 0,
		consumer{"", "a", ""}, consumer{"", "b", ""}),
	sec("G_two_topics_circle", []string{topic("T_two_a", queuesOn{"broker-a": 2}), topic("T_two_b", queuesOn{"broker-b": 3})}, 0,
		consumer{"10.0.0.10", "t", "circle"}, consumer{"10.0.0.9", "t", "circle"}, consumer{"", "t", "circle"}),
	sec("G_config", []string{topic("T_cfg", queuesOn{"broker-a": 4, "broker-b": 4})}, 0,
		consumer{"", "k1", "config=broker-a/0+broker-a/1+broker-b/3"}, consumer{"", "k2", "config=broker-a/1+broker-b/0"},
		consumer{"", "k3", "config=broker-b/7"}),
	// The kit's brokers are named broker-a/broker-b, without the "room@"
	// prefix MACHINE_ROOM reads: the real consumers hold nothing, and so
	// must the prediction (the settle waits until they know every route).
	sec("G_room", []string{topic("T_room", queuesOn{"broker-a": 4, "broker-b": 4})}, 0,
		consumer{"", "r1", "room=broker-a+broker"}, consumer{"", "r2", "room=broker-a+broker"}),
	sec("G_nearby", []string{topic("T_near", queuesOn{"broker-a": 4, "broker-b": 6})}, 0,
		consumer{"", "n1-a", "nearby-avg"}, consumer{"", "n2-a", "nearby-avg"}, consumer{"", "n3-b", "nearby-avg"},
		consumer{"", "n4-c", "nearby-avg"}),
	sec("G_nearby_circle", []string{topic("T_near_c", queuesOn{"broker-a": 5, "broker-b": 2})}, 0,
		consumer{"10.0.0.10", "m-b", "nearby-circle"}, consumer{"10.0.0.9", "m-b", "nearby-circle"}, consumer{"", "m-a", "nearby-circle"}),
	sec("G_hash", []string{topic("T_hash", queuesOn{"broker-a": 8, "broker-b": 8})}, 0,
		consumer{"10.0.0.9", "h1", "hash"}, consumer{"10.0.0.10", "h2", "hash"}, consumer{"", "h3", "hash"},
		consumer{"", "ｲ", "hash"}, consumer{"", "H3", "hash"}),
	sec("G_hash3", []string{topic("T_hash3", queuesOn{"broker-a": 5})}, 0,
		consumer{"", "v1", "hash=3"}, consumer{"", "v2", "hash=3"}, consumer{"", "v3", "hash=3"}),
}

func TestAllocationMatchesRealConsumers(t *testing.T) {
	t.Parallel()
	for _, s := range allocGroups {
		s := s
		t.Run(s.group, func(t *testing.T) {
			t.Parallel()
			settle(t, s.group, 150*time.Second, s.liveGroup().check)
		})
	}
}
