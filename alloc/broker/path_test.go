package broker

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestWhereAllocated(t *testing.T) {
	brokerSide := Settings{Client: ClassicPush, StrategyName: "AVG"}
	with := func(f func(*Settings)) Settings { s := brokerSide; f(&s); return s }
	for _, tc := range []struct {
		name   string
		s      Settings
		want   Path
		noneOK bool
	}{
		{"Java's defaults: the client", DefaultSettings(), PathClient, false},
		{"clientRebalance=false, clustering, concurrently: the broker", brokerSide, PathBroker, false},
		{"AVG_BY_CIRCLE on the broker", with(func(s *Settings) { s.StrategyName = "AVG_BY_CIRCLE" }), PathBroker, false},
		{"CONSISTENT_HASH on the broker: no assignment", with(func(s *Settings) { s.StrategyName = "CONSISTENT_HASH" }), PathBroker, true},
		{"orderly: back to the client", with(func(s *Settings) { s.Orderly = true }), PathClient, false},
		{"broadcasting: back to the client", with(func(s *Settings) { s.MessageModel = Broadcasting }), PathClient, false},
		{"a lite pull consumer: the client", with(func(s *Settings) { s.Client = ClassicPull }), PathClient, false},
		{"a gRPC push consumer: the proxy, whatever the rest says", Settings{Client: GRPCPush, ClientRebalance: true, Orderly: true}, PathProxy, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := WhereAllocated(tc.s)
			assert.Equal(t, tc.want, d.Path)
			assert.Equal(t, tc.noneOK, d.NoAssignment)
			assert.NotEmpty(t, d.Reason)
		})
	}
	assert.Equal(t, []string{"client", "broker", "proxy"}, []string{PathClient.String(), PathBroker.String(), PathProxy.String()})
}
