package alloc

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Java's AllocateMessageQueueByMachineRoom with consumeridcs null throws
// NullPointerException at the first broker name that splits into two
// pieces on "@"; with none such, it returns nothing.
func TestMachineRoomNullRooms(t *testing.T) {
	t.Parallel()
	cids := []string{"c0", "c1"}
	plain := []MessageQueue{{"T", "broker-a", 0}, {"T", "A@", 1}}
	rooms := []MessageQueue{{"T", "broker-a", 0}, {"T", "A@b", 1}}
	for _, s := range []Strategy{ByMachineRoom(nil), byMachineRoom(nil, Java533)} {
		got, err := s.Allocate("g", "c0", plain, cids)
		require.NoError(t, err)
		assert.Empty(t, got)
		_, err = s.Allocate("g", "c0", rooms, cids)
		assert.Equal(t, NullPointerException, JavaClassOf(err))
		_, err = s.Allocate("g", "zz", rooms, cids) // not a member: Java returns before the loop
		assert.NoError(t, err)
		p, err := AllocateAll(s, "g", rooms, cids)
		require.NoError(t, err)
		for _, c := range cids {
			assert.Equal(t, NullPointerException, JavaClassOf(p.Err(c)), c)
		}
	}
	got, err := ByMachineRoom([]string{}).Allocate("g", "c0", rooms, cids)
	require.NoError(t, err)
	assert.Empty(t, got)
}
