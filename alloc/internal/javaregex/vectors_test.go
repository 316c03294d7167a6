package javaregex

import (
	"bufio"
	"errors"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc/internal/wtf8json"
)

// splitVectors is JDK 17's String.split(sep) on many (sep, input) pairs,
// made by testdata/java-4.9.3/split/SplitVectors.java.
const splitVectors = "../../../testdata/java-4.9.3/split/split.jsonl"

type splitVector struct {
	Sep    string `json:"sep"`
	Splits []struct {
		In    string   `json:"in"`
		Out   []string `json:"out"`
		Error string   `json:"error"`
	} `json:"splits"`
}

func TestJavaSplitVectors(t *testing.T) {
	t.Parallel()
	f, err := os.Open(splitVectors)
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	var checked, refused int
	for line := 1; sc.Scan(); line++ {
		var v splitVector
		require.NoError(t, wtf8json.Unmarshal(sc.Bytes(), &v), "line %d", line)
		re, err := Compile(v.Sep)
		var unsupported *UnsupportedError
		if errors.As(err, &unsupported) {
			refused++
			t.Logf("refused %q: %v", v.Sep, err)
			continue
		}
		for _, c := range v.Splits {
			if c.Error != "" {
				require.Equal(t, "PatternSyntaxException", c.Error, "sep %q", v.Sep)
				var syntax *SyntaxError
				assert.ErrorAs(t, err, &syntax, "sep %q: Java rejects it", v.Sep)
				break
			}
			if !assert.NoError(t, err, "sep %q compiles in Java", v.Sep) {
				break
			}
			got, err := re.Split(c.In)
			require.NoError(t, err)
			if c.Out == nil {
				c.Out = []string{}
			}
			if got == nil {
				got = []string{}
			}
			assert.Equal(t, c.Out, got, "%q split on %q (line %d)", c.In, v.Sep, line)
			checked++
		}
	}
	require.NoError(t, sc.Err())
	assert.Greater(t, checked, 5000)
	assert.Less(t, refused, 20)
}
