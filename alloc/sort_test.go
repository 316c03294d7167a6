package alloc

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func queuesWithIDs(ids ...int32) []MessageQueue {
	qs := make([]MessageQueue, len(ids))
	for i, id := range ids {
		qs[i] = MessageQueue{Topic: "T", BrokerName: "b", QueueID: id}
	}
	return qs
}

func idsOf(qs []MessageQueue) []int32 {
	ids := make([]int32, len(qs))
	for i, q := range qs {
		ids[i] = q.QueueID
	}
	return ids
}

// Java's compareTo subtracts queue IDs with wrapping, so MIN_VALUE - MAX_VALUE
// is +1 and 0 - MIN_VALUE is MIN_VALUE (negative). The JDK's binary
// insertion sort sees [MAX, MIN] as already ascending, then puts 0 first
// (0 - MIN < 0, 0 - MAX < 0): [0, MAX, MIN], where a consistent order would
// give [MIN, 0, MAX].
func TestSortQueuesWrappingIDsWorkedExample(t *testing.T) {
	t.Parallel()
	qs := queuesWithIDs(2147483647, -2147483648, 0)
	require.NoError(t, SortQueues(qs))
	assert.Equal(t, []int32{0, 2147483647, -2147483648}, idsOf(qs))
}

// The mqAll of vector sort-pub-0051-n64: the JDK throws "Comparison method
// violates its general contract!" (an IllegalArgumentException).
func TestSortQueuesReportsTheJDKContractError(t *testing.T) {
	t.Parallel()
	brokers := "0000011100100011010001110000111010111010101100000110100001101011"
	ids := []int32{-2034655212, -1073740985, 1436908896, -1859401616, 13, 4, -2147483648, 2147483647, 2147483645, 14, 1073742801, 1752667293, -1073741574, 1572391518, 0, 131404709, 1073742541, 2, -1073741191, -1994463668, 1073742010, 9, 2147483647, -706145587, 1175742255, -2147483647, 2147483646, -1073741804, 2, 15, -1073741181, 1073742575, 3, -2147483646, 5, -2147483648, -2147483647, 2147483646, -2147483646, -2112064399, 2147483647, -2147483647, 5, 1073742263, 15, 1073742072, 6632382, 7, 1073742427, -546619927, 0, 681035289, 2, 2147483647, 1206686219, -1073741745, -1073741537, 11, -2147483646, -275033963, -2147483646, 2147483647, 2147483645, 1073742028}
	qs := make([]MessageQueue, len(ids))
	for i, id := range ids {
		qs[i] = MessageQueue{Topic: "T", BrokerName: "b" + brokers[i:i+1], QueueID: id}
	}
	before := slices.Clone(qs)
	err := SortQueues(qs)
	require.ErrorIs(t, err, ErrInvalidArgument)
	assert.Equal(t, JDKIllegalArgumentException, JavaClassOf(err))
	assert.Equal(t, "mqAll: Comparison method violates its general contract!", err.Error())
	assert.Equal(t, before, qs, "left as it was")

	sorted, err := SortedQueues(qs)
	assert.Nil(t, sorted)
	assert.Equal(t, JDKIllegalArgumentException, JavaClassOf(err))
	perm, err := SortQueuePerm(qs)
	assert.Nil(t, perm)
	assert.Equal(t, JDKIllegalArgumentException, JavaClassOf(err))
}

// IDs within 2^31 of each other compare consistently: SortQueues is then a
// stable sort by (topic, broker, id), whatever the size.
func TestSortQueuesConsistentIDsAreAStableSort(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{0, 1, 2, 31, 32, 33, 64, 65, 200, 1000, 5000} {
		qs := make([]MessageQueue, n)
		for i := range qs {
			qs[i] = MessageQueue{Topic: "T", BrokerName: "b" + string(rune('a'+r.IntN(3))), QueueID: r.Int32N(1<<30) - r.Int32N(1<<30)}
		}
		want := slices.Clone(qs)
		slices.SortStableFunc(want, CompareQueues)
		perm, err := SortQueuePerm(qs)
		require.NoError(t, err)
		for k, i := range perm {
			require.Equal(t, want[k], qs[i])
		}
		require.NoError(t, SortQueues(qs), "n=%d", n)
		require.Equal(t, want, qs, "n=%d", n)
	}
}
