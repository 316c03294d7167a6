package conformance

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// TestAllocateAllMatchesVectors checks, on every allocate case of both Java
// profiles, that the whole-group view gives each member exactly what its
// own Allocate call gives (the vectors themselves check Allocate).
func TestAllocateAllMatchesVectors(t *testing.T) {
	for _, p := range []struct {
		profile string
		version alloc.JavaClient
	}{{"java-4.9.3", alloc.Java493}, {"java-5.3.3", alloc.Java533}} {
		lines := readLines(t, filepath.Join(vectorsDir, p.profile, "alloc.cases.jsonl"))
		require.False(t, len(lines) == 0, "%s: no cases", p.profile)
		plans := 0
		for _, line := range lines {
			var c javaAllocateCase
			err := json.Unmarshal(line, &c)
			require.NoError(t, err)
			spec, err := c.Strategy.spec()
			require.NoError(t, err, "%s: %v", c.ID, err)
			s, err := p.version.NewStrategy(spec)
			if err != nil {
				continue // case-level error, nothing to allocate
			}
			mqAll := toModel(c.MqAll)
			cidAll, _ := cidsOf(c.CidAll, c.CurrentCIDs)
			if c.SortFirst {
				if alloc.SortQueues(mqAll) != nil {
					continue // the group fails before any strategy runs
				}
				alloc.SortClientIDs(cidAll)
			}
			plan, err := alloc.AllocateAll(s, c.Group, mqAll, cidAll)
			if err != nil {
				// A group-wide error: every member with a non-empty ID
				// gets an error of the same class alone.
				for _, cid := range cidAll {
					if cid == "" {
						continue
					}
					_, e := s.Allocate(c.Group, cid, mqAll, cidAll)
					assert.False(t, e == nil || alloc.JavaClassOf(err) != alloc.JavaClassOf(e), "%s member %q: group error %v, own call %v", c.ID, cid, err, e)
				}
				continue
			}
			plans++
			for _, cid := range plan.Members() {
				want, werr := s.Allocate(c.Group, cid, mqAll, cidAll)
				got, gerr := plan.Of(cid), plan.Err(cid)
				if werr != nil {
					assert.False(t, gerr == nil || alloc.JavaClassOf(werr) != alloc.JavaClassOf(gerr), "%s member %q: own call error %v, plan %v", c.ID, cid, werr, gerr)
					continue
				}
				assert.False(t, gerr != nil || !reflect.DeepEqual(want, got), "%s member %q: own call %#v, plan %#v (err %v)", c.ID, cid, want, got, gerr)
			}
		}
		assert.False(t, plans < 300, "%s: only %d plans compared", p.profile, plans)
	}
}
