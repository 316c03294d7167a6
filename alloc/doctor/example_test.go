package doctor_test

import (
	"fmt"
	"os"

	"github.com/rmqalloc/rmqalloc/alloc/doctor"
)

// Diagnose a group from the texts mqadmin prints.
func ExampleDiagnose() {
	read := func(name string) string {
		b, err := os.ReadFile("../../testdata/cluster/wrong-owner/" + name)
		if err != nil {
			panic(err)
		}
		return string(b)
	}
	rep, err := doctor.Diagnose(doctor.Input{
		Routes:     []doctor.RouteText{{Topic: "pay_xxx", Text: read("route.txt")}},
		Connection: read("connection.txt"),
		Progress:   read("progress.txt"),
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(rep.Verdict)
	for _, tr := range rep.Topics {
		for _, q := range tr.Queues {
			if q.Status != doctor.StatusOK {
				fmt.Println(tr.Topic, q.BrokerName, q.QueueID, q.Status, q.Expected, q.Actual)
			}
		}
	}
	// Output:
	// 2 of 37 queues in 2 topics are not consumed as expected: 2 wrong-owner.
	// pay_xxx broker-a 1 wrong-owner [10.0.1.37@17962] [10.0.3.215]
	// pay_xxx broker-b 2 wrong-owner [10.0.3.215@51945] [10.0.1.37]
	// %RETRY%cg_orders broker-a 0 unowned [10.0.1.37@17962] []
}
