package monitor

import (
	"context"
	"errors"
	"sort"
	"strconv"
	"strings"

	"github.com/rmqalloc/rmqalloc/cluster/live"
	"github.com/rmqalloc/rmqalloc/internal/lenientjson"
)

// broker is one broker of the cluster: its name and its master's address.
type broker struct {
	Name, Cluster, Addr string
}

// ask sends one read request with no fields to addr and returns the
// successful answer's body.
func (p *pool) ask(ctx context.Context, addr string, code int) ([]byte, error) {
	req := &live.Command{Code: code, Language: "JAVA", Serialize: "JSON", Version: 399}
	if p.cred != nil {
		p.cred.Sign(req)
	}
	f, err := p.call(ctx, addr, req.Encode())
	if err != nil {
		return nil, err
	}
	resp, err := live.DecodeFrame(f)
	if err != nil {
		return nil, err
	}
	if resp.Code != respSuccess {
		return nil, errors.New("CODE: " + itoa(resp.Code) + "  DESC: " + firstLine(resp.Remark))
	}
	return resp.Body, nil
}

// brokersOf reads a ClusterInfo body (GET_BROKER_CLUSTER_INFO): every
// broker with a master (brokerAddrs key 0), sorted by name.
func brokersOf(body []byte) ([]broker, error) {
	v, err := lenientjson.Parse(string(body))
	if err != nil {
		return nil, errors.New("cluster info is not JSON: " + err.Error())
	}
	table, ok := v.Get("brokerAddrTable")
	if !ok || table.Kind != lenientjson.Object {
		return nil, errors.New("cluster info has no brokerAddrTable")
	}
	var out []broker
	for _, m := range table.Members {
		b := broker{Name: m.Key}
		if c, ok := m.Value.Get("cluster"); ok && c.Kind == lenientjson.String {
			b.Cluster = c.Str
		}
		if addrs, ok := m.Value.Get("brokerAddrs"); ok {
			if a, ok := addrs.Get("0"); ok && a.Kind == lenientjson.String {
				b.Addr = a.Str
			}
		}
		if b.Addr != "" {
			out = append(out, b)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// groupsOf reads a SubscriptionGroupWrapper body
// (GET_ALL_SUBSCRIPTIONGROUP_CONFIG): the consumer groups the broker
// knows.
func groupsOf(body []byte) ([]string, error) {
	v, err := lenientjson.Parse(string(body))
	if err != nil {
		return nil, errors.New("subscription groups are not JSON: " + err.Error())
	}
	table, ok := v.Get("subscriptionGroupTable")
	if !ok || table.Kind != lenientjson.Object {
		return nil, errors.New("subscription groups have no subscriptionGroupTable")
	}
	out := make([]string, 0, len(table.Members))
	for _, m := range table.Members {
		if m.Key != "" {
			out = append(out, m.Key)
		}
	}
	return out, nil
}

// systemGroups are the groups RocketMQ creates for itself (MixAll and
// SubscriptionGroupManager's defaults): no application consumes in them.
var systemGroups = map[string]bool{
	"TOOLS_CONSUMER":        true,
	"FILTERSRV_CONSUMER":    true,
	"__MONITOR_CONSUMER":    true,
	"SELF_TEST_C_GROUP":     true,
	"CID_ONS-HTTP-PROXY":    true,
	"CID_ONSAPI_PERMISSION": true,
	"CID_ONSAPI_OWNER":      true,
	"CID_ONSAPI_PULL":       true,
	"CID_SYS_RMQ_TRANS":     true,
}

// IsSystemGroup tells RocketMQ's own groups (left out by default).
func IsSystemGroup(g string) bool {
	return systemGroups[g] || strings.HasPrefix(g, "CID_RMQ_SYS_")
}

func itoa(n int) string { return strconv.Itoa(n) }

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
