package doctor_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// Two topics, two unnamed routes: each route is matched to the topic whose
// progress lines name exactly its readable queues.
func TestTwoTopicsUnnamedRoutes(t *testing.T) {
	a := small()
	b := small()
	b.topic, b.perBroker = "payments", 6
	owner := map[alloc.MessageQueue]string{}
	for _, c := range []*cluster{a, b} {
		for cid, qs := range ownAllocate(t, c, "AVG", alloc.Java493.Name(), c.clients) {
			for _, q := range qs {
				owner[q] = cid
			}
		}
	}
	pa, pb := a.progressText(owner), b.progressText(owner)
	// one progress text: a's header and rows, b's rows, one footer
	rowsA := strings.Split(pa, "\n\nConsume TPS")[0]
	rowsB := strings.SplitN(strings.Split(pb, "\n\nConsume TPS")[0], "\n", 2)[1]
	conn := strings.Replace(a.connectionText(), "orders               *\n", "orders               *\npayments             *\n", 1)
	in := doctor.Input{
		Routes:     []doctor.RouteText{{Text: b.routeText()}, {Text: a.routeText()}},
		Connection: conn,
		Progress:   rowsA + "\n" + rowsB + progressFooter(rowsA+"\n"+rowsB),
	}
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err)
	require.Len(t, rep.Topics, 2)
	assert.Equal(t, "payments", rep.Topics[0].Topic)
	assert.Equal(t, map[string]int{"ok": 12}, statuses(rep, "payments"))
	assert.Equal(t, map[string]int{"ok": 8}, statuses(rep, "orders"))
	assert.True(t, rep.OK, rep.Text())

	// only one route: the other topic is diagnosed from its progress lines
	one := in
	one.Routes = []doctor.RouteText{{Topic: "orders", Text: a.routeText()}}
	rep, err = doctor.Diagnose(one)
	require.NoError(t, err)
	f := finding(rep, doctor.CodeNoRoute)
	require.NotNil(t, f, rep.Text())
	assert.Equal(t, "payments", f.Topic)
	assert.Equal(t, map[string]int{"ok": 12}, statuses(rep, "payments"))

	// the same queue counts on both: the routes must be named
	b.perBroker = 4
	for cid, qs := range ownAllocate(t, b, "AVG", alloc.Java493.Name(), b.clients) {
		for _, q := range qs {
			owner[q] = cid
		}
	}
	in.Routes = []doctor.RouteText{{Text: b.routeText()}, {Text: a.routeText()}}
	rowsB = strings.SplitN(strings.Split(b.progressText(owner), "\n\nConsume TPS")[0], "\n", 2)[1]
	in.Progress = rowsA + "\n" + rowsB + progressFooter(rowsA+"\n"+rowsB)
	ie := inputError(t, in)
	assert.Equal(t, "route[0]", ie.Source)
	assert.Contains(t, ie.Msg, "name the topic")
	in.Routes[0].Topic, in.Routes[1].Topic = "payments", "orders"
	rep, err = doctor.Diagnose(in)
	require.NoError(t, err)
	assert.True(t, rep.OK, rep.Text())
}
