//go:build live

package livetest

import (
	"strings"
	"testing"
)

// A driver whose start failed: the reason and its causes, not the frames.
func TestDriverFailureKeepsTheReason(t *testing.T) {
	out := "22:01 INFO noise\n" +
		"Exception in thread \"main\" java.lang.IllegalStateException: send request to </127.0.0.1:9886> failed\n" +
		"\tat org.apache.rocketmq.client.impl.factory.MQClientInstance.updateTopicRouteInfoFromNameServer(MQClientInstance.java:859)\n" +
		"Caused by: org.apache.rocketmq.remoting.exception.RemotingSendRequestException: send request to </127.0.0.1:9886> failed\n" +
		"\t... 5 more\n"
	got := driverFailure(out)
	want := "Exception in thread \"main\" java.lang.IllegalStateException: send request to </127.0.0.1:9886> failed\n" +
		"Caused by: org.apache.rocketmq.remoting.exception.RemotingSendRequestException: send request to </127.0.0.1:9886> failed\n"
	if got != want {
		t.Fatalf("driverFailure:\n%q\nwant\n%q", got, want)
	}
	long := strings.Repeat("x", 2500)
	if got := driverFailure(long); len(got) != 2000 {
		t.Fatalf("a log without an exception gives its last 2000 bytes, got %d", len(got))
	}
}
