package doctor_test

import (
	"errors"
	"fmt"
	"os"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
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

// A text mqadmin's parser has read already is given as it is; a text that
// cannot be read is an *alloc.TextError naming the box, line and column,
// whichever reader found it.
func ExampleDiagnose_parsed() {
	read := func(name string) string {
		b, err := os.ReadFile("../../testdata/cluster/wrong-owner/" + name)
		if err != nil {
			panic(err)
		}
		return string(b)
	}
	conn, err := mqadmin.ParseConsumerConnection(read("connection.txt"))
	if err != nil {
		panic(err)
	}
	in := doctor.Input{
		Routes:           []doctor.RouteText{{Topic: "pay_xxx", Text: read("route.txt")}},
		ParsedConnection: conn,
		Progress:         read("progress.txt"),
	}
	rep, err := doctor.Diagnose(in)
	if err != nil {
		panic(err)
	}
	fmt.Println(rep.Verdict)

	in.Routes[0].Text = `{"queueDatas": [`
	_, err = doctor.Diagnose(in)
	var te *alloc.TextError
	if errors.As(err, &te) {
		fmt.Println(te.Source, te.Line, te.Column)
	}
	// Output:
	// 2 of 37 queues in 2 topics are not consumed as expected: 2 wrong-owner.
	// route 1 17
}
