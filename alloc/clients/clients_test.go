package clients

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want alloc.Client
	}{
		{"", alloc.Java493},
		{"4.9.3", alloc.Java493},
		{"java-4.9.3", alloc.Java493},
		{"5.3.3", alloc.Java533},
		{"JAVA-5.3.3", alloc.Java533},
		// Newer releases whose classic-client queue code is unchanged since 5.3.3.
		{"5.3.4", alloc.Java533},
		{"5.4.0", alloc.Java533},
		{"5.5.0", alloc.Java533},
		{"java-5.5.1", alloc.Java533},
		{"go-client-2.1.2", goclient.Client},
		{" Go-Client-2.1.2 ", goclient.Client},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in)
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, got, tt.in)
	}
	for _, bad := range []string{"5.6.0", "4.9.4", "go", "java"} {
		_, err := Parse(bad)
		assert.Equal(t, alloc.IllegalArgumentException, alloc.JavaClassOf(err), bad)
	}
}

func TestParseJava(t *testing.T) {
	got, err := ParseJava("5.5.1")
	require.NoError(t, err)
	assert.Equal(t, alloc.Java533, got)
	_, err = ParseJava("go-client-2.1.2")
	assert.ErrorContains(t, err, "not a Java client")
}

func TestAllNames(t *testing.T) {
	assert.Equal(t, []string{"java-4.9.3", "java-5.3.3", "go-client-2.1.2"}, Names())
	for _, c := range All() {
		got, err := Parse(c.Name())
		require.NoError(t, err)
		assert.Equal(t, c, got)
	}
}

// TestSortOrders: each client's sort orders, on the pair where Java
// (UTF-16) and Go (bytes) disagree.
func TestSortOrders(t *testing.T) {
	tests := []struct {
		c    alloc.Client
		want []string
	}{
		{alloc.Java493, []string{"😀", "ｲ"}},
		{alloc.Java533, []string{"😀", "ｲ"}},
		{goclient.Client, []string{"ｲ", "😀"}},
	}
	for _, tt := range tests {
		cids := []string{"ｲ", "😀"}
		tt.c.SortClientIDs(cids)
		assert.Equal(t, tt.want, cids, tt.c.Name())
		qs := []alloc.MessageQueue{{Topic: "t", BrokerName: "ｲ"}, {Topic: "t", BrokerName: "😀"}}
		perm, err := tt.c.SortQueuePerm(qs)
		require.NoError(t, err)
		assert.Equal(t, tt.want[0], qs[perm[0]].BrokerName, tt.c.Name())
		require.NoError(t, tt.c.SortQueues(qs))
		assert.Equal(t, tt.want, []string{qs[0].BrokerName, qs[1].BrokerName}, tt.c.Name())
	}
}

// TestNewStrategy: each client builds its own strategies; MACHINE_ROOM
// remembers the Java version it was built for.
func TestNewStrategy(t *testing.T) {
	for _, c := range All() {
		s, err := c.NewStrategy(alloc.StrategySpec{Name: "MACHINE_ROOM", ConsumerIDCs: []string{"a"}})
		require.NoError(t, err, c.Name())
		assert.Equal(t, c, alloc.ClientOf(s), c.Name())
	}
	s, err := alloc.Java533.NewStrategy(alloc.StrategySpec{Name: "AVG"})
	require.NoError(t, err)
	assert.Equal(t, alloc.Client(alloc.Java493), alloc.ClientOf(s), "AVG is alike in every Java version")
}
