package live

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testdata/mqversion-4.9.3.txt lists MQVersion.Version's constants in
// declaration order, as javap prints them from rocketmq-common-4.9.3.jar.
func TestVersionNames(t *testing.T) {
	b, err := os.ReadFile("testdata/mqversion-4.9.3.txt")
	require.NoError(t, err)
	want := strings.Fields(string(b))
	require.Equal(t, "HIGHER_VERSION", want[len(want)-1])
	assert.Equal(t, want[:len(want)-1], versionNames)
	assert.Equal(t, "V4_9_3", versionDesc(versionV4_9_3))
	assert.Equal(t, "V4_5_2", versionDesc(317))
	assert.Equal(t, "HIGHER_VERSION", versionDesc(len(want)-1))
	assert.Equal(t, "HIGHER_VERSION", versionDesc(100000))
}

func TestFixed2(t *testing.T) {
	for _, c := range []struct {
		in   float64
		want string
	}{{0, "0.00"}, {1.475, "1.48"}, {0.125, "0.13"}, {1.35, "1.35"}, {2.825, "2.83"}, {9.995, "10.00"}, {0.004, "0.00"}, {-1.005, "-1.01"}, {123456.7, "123456.70"}, {1e-7, "0.00"}} {
		assert.Equal(t, c.want, fixed2(c.in), "%v", c.in)
	}
}

func TestFrontStringAtLeast(t *testing.T) {
	assert.Equal(t, "abc", frontStringAtLeast("abcdef", 3))
	assert.Equal(t, "ab", frontStringAtLeast("ab", 3))
	assert.Equal(t, "abc   ", pad("abc", 6))
	assert.Equal(t, "abcdef", pad("abcdef", 3))
	assert.Equal(t, "  abc", padLeft("abc", 5))
}

// The subscription tables of the real captures: mqadmin printed them in
// these orders (the broker sent them the other way round, or in any order).
func TestConcurrentHashMapOrder(t *testing.T) {
	for _, c := range [][]string{
		{"%RETRY%G_BASIC", "T_BASIC"},
		{"T_LANG", "%RETRY%G_LANG"},
		{"T_LIVE", "%RETRY%G_LIVE"},
	} {
		for _, in := range [][]string{c, {c[1], c[0]}} {
			var got []string
			for _, i := range concurrentHashMapOrder(in) {
				got = append(got, in[i])
			}
			assert.Equal(t, c, got)
		}
	}
}
