package doctor_test

import (
	"os"
	"os/exec"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// allToFirst is a program's own strategy: the first member in cidAll's
// order gets every queue.
type allToFirst struct{}

func (allToFirst) Name() string { return "ALL_TO_FIRST" }
func (allToFirst) Allocate(_, cid string, mqAll []alloc.MessageQueue, cidAll []string) ([]alloc.MessageQueue, error) {
	if len(cidAll) > 0 && cid == cidAll[0] {
		return mqAll, nil
	}
	return []alloc.MessageQueue{}, nil
}

// A strategy a program registers is simulated by name (or by the class
// name its consumers' status prints) like a built-in, and tried in the
// best fit. Registration is global to the process, so the test runs in a
// child process of its own: the other tests' best fits stay the built-ins'.
func TestRegisteredStrategyIsSimulated(t *testing.T) {
	if os.Getenv("RMQALLOC_DOCTOR_PLUGIN") != "1" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestRegisteredStrategyIsSimulated$", "-test.count=1")
		cmd.Env = append(os.Environ(), "RMQALLOC_DOCTOR_PLUGIN=1")
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", out)
		return
	}
	require.NoError(t, alloc.RegisterStrategy(alloc.StrategyKind{
		Name: "ALL_TO_FIRST", Aliases: []string{"com.example.AllToFirst"}, Standalone: true,
		Doc: "the first member gets every queue",
		New: func(alloc.StrategyBuild, alloc.StrategySpec) (alloc.Strategy, error) { return allToFirst{}, nil },
	}))
	assert.Contains(t, doctor.SimulatedStrategies(), "ALL_TO_FIRST")
	read := func(name string) string {
		b, err := os.ReadFile("../../testdata/cluster/wrong-owner/" + name)
		require.NoError(t, err)
		return string(b)
	}
	for _, name := range []string{"ALL_TO_FIRST", "all_to_first", "com.example.AllToFirst@6d06d69c"} {
		rep, err := doctor.Diagnose(doctor.Input{
			Routes:     []doctor.RouteText{{Topic: "pay_xxx", Text: read("route.txt")}},
			Connection: read("connection.txt"),
			Progress:   read("progress.txt"),
			Strategy:   name,
		})
		require.NoError(t, err, name)
		var first string
		for _, tr := range rep.Topics {
			for _, q := range tr.Queues {
				require.Len(t, q.Expected, 1, "%s %s/%d: one expected owner", name, q.BrokerName, q.QueueID)
				if first == "" {
					first = q.Expected[0]
				}
				assert.Equal(t, first, q.Expected[0], "%s %s/%d", name, q.BrokerName, q.QueueID)
			}
			assert.True(t, slices.ContainsFunc(tr.BestFit, func(f doctor.Fit) bool { return f.Strategy == "ALL_TO_FIRST" }), "best fit of %s tries ALL_TO_FIRST: %+v", tr.Topic, tr.BestFit)
		}
		assert.NotEmpty(t, first)
		assert.False(t, rep.OK, "the group does not run ALL_TO_FIRST")
	}
}
