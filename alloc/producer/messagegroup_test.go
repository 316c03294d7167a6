package producer

import (
	"math/bits"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
)

func TestMessageGroupIndex(t *testing.T) {
	t.Parallel()
	// "" hashes to 0x726fdb47dd0e0e31 (odd); bswap64 is 0x310e0edd47db6f72 (even).
	tests := []struct {
		group  string
		n      int
		client GroupClient
		want   int
	}{
		{"", 2, GroupJava, 1},
		{"", 2, GroupNodeJS1_0_8, 0},
		{"", 1, GroupJava, 0},
		{"", 1, GroupNodeJS1_0_8, 0},
	}
	for _, tt := range tests {
		got, err := MessageGroupIndex(tt.group, tt.n, tt.client)
		if assert.NoError(t, err, "%q n=%d %v", tt.group, tt.n, tt.client) {
			assert.Equal(t, tt.want, got, "%q n=%d %v", tt.group, tt.n, tt.client)
		}
	}
}

// TestMessageGroupNegativeHash: Java reads the hash as signed, so a hash
// with the top bit set is a negative long and floorMod keeps the index
// non-negative; taken unsigned it would often differ.
func TestMessageGroupNegativeHash(t *testing.T) {
	found := false
	for i := 0; i < 1000 && !found; i++ {
		g := "group-" + string(rune('a'+i%26)) + string(rune('a'+i/26))
		h := MessageGroupHash(g)
		if int64(h) >= 0 {
			continue
		}
		found = true
		got, _ := MessageGroupIndex(g, 3, GroupJava)
		want := int(((int64(h) % 3) + 3) % 3)
		require.Equal(t, want, got, "%q: floorMod", g)
		node, _ := MessageGroupIndex(g, 3, GroupNodeJS1_0_8)
		require.Equal(t, int(bits.ReverseBytes64(h)%3), node, "%q: node", g)
	}
	require.True(t, found, "no group with a negative hash among the candidates")
}

func TestMessageGroupErrors(t *testing.T) {
	_, err := SelectMessageGroup(nil, "g", GroupJava)
	wantJavaError(t, err, alloc.ArithmeticException, alloc.ErrArithmetic)
	_, err = MessageGroupIndex("g", 2, GroupClient(9))
	wantJavaError(t, err, alloc.IllegalArgumentException, alloc.ErrInvalidArgument)
	assert.Equal(t, "grpc-java", GroupJava.String(), "GroupClient names")
	assert.Equal(t, "grpc-nodejs-1.0.8", GroupNodeJS1_0_8.String(), "GroupClient names")
}

func FuzzMessageGroup(f *testing.F) {
	for _, g := range vectorStrings(f, "../../testdata/grpc-java/group.cases.jsonl", "messageGroup", "") {
		f.Add(g, uint8(5))
	}
	f.Fuzz(func(t *testing.T, group string, n uint8) {
		mqs := testkit.Queues("b", int(n))
		for _, c := range []GroupClient{GroupJava, GroupNodeJS1_0_8} {
			got, err := SelectMessageGroup(mqs, group, c)
			if n == 0 {
				wantJavaError(t, err, alloc.ArithmeticException, alloc.ErrArithmetic)
				continue
			}
			require.NoError(t, err, "%q n=%d %v", group, n, c)
			require.True(t, got.QueueID >= 0 && int(got.QueueID) < int(n), "%q n=%d %v: %v", group, n, c, got)
		}
	})
}
