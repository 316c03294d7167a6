package doctor

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// parseLastTime agrees with time.Parse(lastTimeLayout, s) on every input:
// worked examples, then fuzzed.
func TestParseLastTimeIsTimeParse(t *testing.T) {
	for _, s := range []string{"2026-11-30 10:00:00", "2024-02-29 23:59:59", "2023-02-29 10:00:00", "2026-13-01 00:00:00",
		"2026-04-31 00:00:00", "2026-00-10 00:00:00", "2026-11-30 24:00:00", "2026-11-30 10:60:00", "2026-11-30 10:00:60",
		"2026-11-30T10:00:00", "2026-11-3o 10:00:00", "", "N/A", "1970-01-01 00:00:00", "0000-01-01 00:00:00", "2026-1-30 10:00:00"} {
		same(t, s)
	}
}

func FuzzParseLastTime(f *testing.F) {
	f.Add("2026-11-30 10:00:00")
	f.Add("2024-02-29 23:59:59")
	f.Fuzz(same)
}

func same(t *testing.T, s string) {
	got, gerr := parseLastTime(s)
	want, werr := time.Parse(lastTimeLayout, s)
	require.False(t, (gerr == nil) != (werr == nil) || !got.Equal(want) || got.Location() != want.Location(), "%q: got %v, %v; time.Parse gives %v, %v", s, got, gerr, want, werr)
}
