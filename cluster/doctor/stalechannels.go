package doctor

import (
	"strings"

	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
)

// staleChannelsHint: connections of one IP may also be one process's old
// channels on a broker that paused (it keeps them up to ~2 minutes after
// it resumes); mqadmin's consumerConnection shows one broker's list, so
// only another broker's can tell (the live read asks them and counts such
// a client once).
func staleChannelsHint(conns []mqadmin.ClientConn) string {
	ip := ""
	for _, c := range conns {
		host := c.ClientAddr
		if i := strings.LastIndex(host, ":"); i >= 0 {
			host = host[:i]
		}
		if ip != "" && host != ip {
			return ""
		}
		ip = host
	}
	return ". All from one IP: if only one broker lists it several times (a broker that paused keeps a process's old channels up to ~2 minutes), it is one process, not several: rmqalloc doctor --namesrv checks the other brokers"
}
