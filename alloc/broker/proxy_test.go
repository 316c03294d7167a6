package broker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/route"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
)

func qd(broker string, read, perm int32) route.QueueData {
	return route.QueueData{BrokerName: broker, ReadQueueNums: read, WriteQueueNums: read, Perm: perm}
}

func bd(broker string, ids ...string) route.BrokerData {
	addrs := map[string]string{}
	for _, id := range ids {
		addrs[id] = "10.0.0.1:10911"
	}
	return route.BrokerData{BrokerName: broker, BrokerAddrs: addrs}
}

func TestProxyAssignment(t *testing.T) {
	for _, tc := range []struct {
		name    string
		route   route.Route
		orderly bool
		want    string
	}{
		{"one -1 queue per readable broker, in queueDatas order",
			route.Route{QueueDatas: []route.QueueData{qd("broker-c", 8, 4), qd("broker-a", 4, 6)}, BrokerDatas: []route.BrokerData{bd("broker-a", "0", "1"), bd("broker-c", "0")}},
			false, "[broker-c/-1 broker-a/-1]"},
		{"FIFO group: every read queue of each broker",
			route.Route{QueueDatas: []route.QueueData{qd("broker-a", 2, 6), qd("broker-c", 3, 4)}, BrokerDatas: []route.BrokerData{bd("broker-a", "0"), bd("broker-c", "0")}},
			true, "[broker-a/0 broker-a/1 broker-c/0 broker-c/1 broker-c/2]"},
		{"write-only and zero-read brokers are skipped",
			route.Route{QueueDatas: []route.QueueData{qd("broker-a", 4, 2), qd("broker-b", 0, 6), qd("broker-c", 1, 6)}, BrokerDatas: []route.BrokerData{bd("broker-a", "0"), bd("broker-b", "0"), bd("broker-c", "0")}},
			false, "[broker-c/-1]"},
		{"a broker without BrokerData is skipped",
			route.Route{QueueDatas: []route.QueueData{qd("broker-a", 4, 6), qd("broker-z", 4, 6)}, BrokerDatas: []route.BrokerData{bd("broker-a", "0")}},
			false, "[broker-a/-1]"},
		{"duplicate queueDatas give duplicate assignments",
			route.Route{QueueDatas: []route.QueueData{qd("broker-a", 4, 6), qd("broker-a", 4, 6)}, BrokerDatas: []route.BrokerData{bd("broker-a", "0")}},
			false, "[broker-a/-1 broker-a/-1]"},
		{"the last BrokerData of a name counts (here: has a master)",
			route.Route{QueueDatas: []route.QueueData{qd("broker-a", 4, 6)}, BrokerDatas: []route.BrokerData{bd("broker-a", "1"), bd("broker-a", "00")}},
			false, "[broker-a/-1]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ProxyAssignment("T", &tc.route, tc.orderly)
			require.NoError(t, err)
			assert.Equal(t, tc.want, testkit.Show(got))
		})
	}
}

func TestProxyAssignmentFailures(t *testing.T) {
	for _, tc := range []struct {
		name      string
		route     *route.Route
		code      string
		javaClass string
	}{
		{"no readable queue: FORBIDDEN", &route.Route{QueueDatas: []route.QueueData{qd("broker-a", 4, 2)}, BrokerDatas: []route.BrokerData{bd("broker-a", "0")}}, CodeForbidden, ""},
		{"an empty route: FORBIDDEN", &route.Route{}, CodeForbidden, ""},
		{"a readable broker without a master: NullPointerException",
			&route.Route{QueueDatas: []route.QueueData{qd("broker-a", 4, 6)}, BrokerDatas: []route.BrokerData{bd("broker-a", "0"), bd("broker-a", "1")}}, CodeInternalServerError, alloc.NullPointerException},
		{"a broker ID beyond int: ArithmeticException",
			&route.Route{QueueDatas: []route.QueueData{qd("broker-a", 4, 6)}, BrokerDatas: []route.BrokerData{bd("broker-a", "0"), bd("broker-b", "4294967296")}}, CodeInternalServerError, alloc.ArithmeticException},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ProxyAssignment("T", tc.route, false)
			var se *StatusError
			require.ErrorAs(t, err, &se)
			assert.Equal(t, tc.code, se.Code)
			assert.Equal(t, tc.javaClass, se.JavaClass)
		})
	}
	t.Run("FORBIDDEN says no readable queue", func(t *testing.T) {
		_, err := ProxyAssignment("T", &route.Route{}, true)
		assert.EqualError(t, err, "FORBIDDEN: no readable queue")
	})
	t.Run("a non-numeric broker ID names the field", func(t *testing.T) {
		_, err := ProxyAssignment("T", &route.Route{BrokerDatas: []route.BrokerData{bd("broker-a", "0"), bd("broker-b", "x")}}, false)
		require.ErrorIs(t, err, alloc.ErrNumberFormat)
		assert.Contains(t, err.Error(), "brokerDatas[1].brokerAddrs")
	})
	t.Run("a nil route", func(t *testing.T) {
		_, err := ProxyAssignment("T", nil, false)
		assert.Equal(t, alloc.NullPointerException, alloc.JavaClassOf(err))
	})
	t.Run("FIFO beyond the port's queue limit", func(t *testing.T) {
		_, err := ProxyAssignment("T", &route.Route{QueueDatas: []route.QueueData{qd("broker-a", 1<<30, 6)}, BrokerDatas: []route.BrokerData{bd("broker-a", "0")}}, true)
		require.ErrorIs(t, err, alloc.ErrInvalidArgument)
		assert.Contains(t, err.Error(), "queueDatas[0].readQueueNums")
	})
}
