package producer

import (
	"bufio"
	"encoding/json"
	"os"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSipHashReference(t *testing.T) {
	const k0, k1 = 0x0706050403020100, 0x0f0e0d0c0b0a0908
	msg := make([]byte, 16)
	for i := range msg {
		msg[i] = byte(i)
	}
	// The paper's appendix example (15 bytes 00..0e) and the first entries
	// of the reference implementation's vectors (message 00..len-1).
	tests := []struct {
		n    int
		want uint64
	}{
		{0, 0x726fdb47dd0e0e31},
		{1, 0x74f839c593dc67fd},
		{2, 0x0d6c8009d9a94f5a},
		{15, 0xa129ca6149be45e5},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, sipHash24(k0, k1, msg[:tt.n]), "len %d", tt.n)
	}
	assert.Equal(t, uint64(0x726fdb47dd0e0e31), MessageGroupHash(""), `MessageGroupHash("")`)
}

// TestSipHashGRPCJavaVectors compares every hash the Java gRPC client
// printed (grpc-java results carry it) with ours: groups with U+0000,
// U+FFFF, U+10FFFF, Chinese and strings of thousands of characters.
func TestSipHashGRPCJavaVectors(t *testing.T) {
	cases := readJSONL(t, "../../testdata/grpc-java/group.cases.jsonl")
	results := readJSONL(t, "../../testdata/grpc-java/group.results.jsonl")
	require.NotEmpty(t, cases)
	require.Len(t, results, len(cases), "a result per case")
	for i, c := range cases {
		want, err := strconv.ParseInt(results[i]["hash"].(string), 10, 64)
		require.NoError(t, err)
		assert.Equal(t, want, int64(MessageGroupHash(c["messageGroup"].(string))), "%s: hash", c["id"])
	}
}

func readJSONL(t *testing.T, path string) []map[string]any {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []map[string]any
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var m map[string]any
		require.NoError(t, json.Unmarshal(sc.Bytes(), &m))
		out = append(out, m)
	}
	return out
}
