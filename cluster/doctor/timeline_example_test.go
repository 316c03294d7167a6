package doctor_test

import (
	"fmt"
	"os"
	"time"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// Diagnose a group over two snapshots (one group 40 s and 2 min after its
// three consumers started): the owners did not move and no queue lags.
func ExampleDiagnoseSeries() {
	snapshot := func(dir, at, run string) doctor.Snapshot {
		read := func(name string) string {
			b, err := os.ReadFile("../../testdata/timeline/" + dir + "/" + name)
			if err != nil {
				panic(err)
			}
			return string(b)
		}
		in := doctor.Input{
			Routes:     []doctor.RouteText{{Text: read("route.txt")}},
			Connection: read("connection.txt"),
			Progress:   read("progress.txt"),
		}
		for _, c := range []string{"127.0.0.1@c1", "127.0.0.1@c2", "127.0.0.1@c3"} {
			in.Status = append(in.Status, doctor.StatusText{Name: c, Text: read("status/" + run + "/" + c)})
		}
		t, _ := time.Parse(time.RFC3339, at)
		return doctor.Snapshot{Input: in, At: t, Name: dir}
	}
	rep, err := doctor.DiagnoseSeries([]doctor.Snapshot{
		snapshot("basic3-early", "2026-12-01T19:08:32Z", "1796152141349"),
		snapshot("basic3", "2026-12-01T19:09:24Z", "1796152192951"),
	})
	if err != nil {
		panic(err)
	}
	tl := rep.Timeline
	fmt.Println(tl.Verdict)
	fmt.Println(tl.Rebalance.State, tl.Rebalance.Since.Format(time.TimeOnly))
	q := tl.Queues[0]
	fmt.Println(q.Topic, q.BrokerName, q.QueueID, q.Owners[0].Owners, q.Lag.Status)
	// Output:
	// Over 2 snapshots in 52s: lag OK on all 18 queues; assignment settled.
	// settled 19:08:32
	// T_BASIC broker-a 0 [127.0.0.1@c1] OK
}
