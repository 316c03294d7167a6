package javaregex

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/internal/javalang"
)

// Worked examples of the Java meanings Go's regexp does not share
// (JDK 17 answers, as in testdata/java-4.9.3/split).
func TestSplitJavaMeanings(t *testing.T) {
	t.Parallel()
	tests := []struct {
		sep, s string
		want   []string
	}{
		{"$", "broker$A", []string{"broker$A"}},        // $ is the end, not a character
		{"$", "line\n", []string{"line", "\n"}},        // and before a final line terminator
		{"\\$", "broker$A", []string{"broker", "A"}},   // escaped: the character
		{".", "broker.A", []string{}},                  // every piece empty, all dropped
		{"|", "ab", []string{"a", "b"}},                // empty alternatives: zero-width, no leading ""
		{"::", "a::b::", []string{"a", "b"}},           // trailing empty dropped
		{"\\s", "a\u000bb", []string{"a", "b"}},        // Java's \s has \x0B (RE2's has not)
		{"\\v", "a\u2028b", []string{"a", "b"}},        // \v is vertical whitespace
		{"\\Q.\\E", "a.b", []string{"a", "b"}},         // quoting
		{"[a-z&&[^b]]", "1a2b3", []string{"1", "2b3"}}, // class intersection
		{"(?<=a)-", "a-b-", []string{"a", "b-"}},       // look-behind
		{"(-)\\1", "a--b-c", []string{"a", "b-c"}},     // back reference
		{"-++-", "a---b", []string{"a---b"}},           // possessive: never gives one back
	}
	for _, tt := range tests {
		re, err := Compile(tt.sep)
		require.NoError(t, err, tt.sep)
		got, err := re.Split(tt.s)
		require.NoError(t, err)
		assert.Equal(t, tt.want, got, "%q split on %q", tt.s, tt.sep)
	}
	// The empty pattern searches unit by unit: Java splits a surrogate pair
	// into two lone surrogates (WTF-8 here).
	re, err := Compile("")
	require.NoError(t, err)
	got, err := re.Split("😀")
	require.NoError(t, err)
	assert.Equal(t, []string{"\xed\xa0\xbd", "\xed\xb8\x80"}, got)
}

func TestCompileErrors(t *testing.T) {
	// (?<=(ab)*) has no obvious maximum; (?<=a+b*) has one to Java, its
	// int arithmetic having wrapped (TestLookBehindWrap).
	t.Parallel()
	for _, sep := range []string{"(", ")", "[", "[]", "*", "a**", "\\", "a{2,1}", "\\k<n>", "(?<=(ab)*)c", "\\y", "(?q)", "[z-a]"} {
		_, err := Compile(sep)
		var syntax *SyntaxError
		assert.True(t, errors.As(err, &syntax), "%q: %v", sep, err)
	}
	for _, sep := range []string{"(?i)a", "\\p{L}", "[\\p{L}]", "\\b", "a\\B", "\\X", "\\N{X}"} {
		_, err := Compile(sep)
		var unsupported *UnsupportedError
		assert.True(t, errors.As(err, &unsupported), "%q: %v", sep, err)
	}
}

func TestLookBehindWrap(t *testing.T) {
	t.Parallel()
	re, err := Compile("(?<=a*)x")
	require.NoError(t, err)
	got, err := re.Split("aab-x-ab-xx")
	require.NoError(t, err)
	assert.Equal(t, []string{"aab-", "-ab-"}, got) // JDK 17's answer
}

func TestBudget(t *testing.T) {
	t.Parallel()
	re, err := Compile("(a*)*b")
	require.NoError(t, err)
	_, err = re.Split(strings.Repeat("a", 40))
	assert.ErrorIs(t, err, ErrBudget)
}

// Any pattern compiles or fails cleanly, and splits without panicking; a
// quoted literal splits as the literal does.
func FuzzSplit(f *testing.F) {
	for _, s := range []string{"-", "$", "|", "::", "(a|b)*", "[a-z&&[^b]]", "(?<=x{1,3})y", "\\Q.\\E", "\\ud800", "(?>a+)b", "", "\\G-"} {
		f.Add(s, "a-b::c$d|e")
	}
	f.Fuzz(func(t *testing.T, sep, s string) {
		re, err := Compile(sep)
		if err == nil {
			if _, err := re.Split(s); err != nil {
				require.ErrorIs(t, err, ErrBudget)
			}
		}
		if sep == "" || strings.Contains(sep, "\\E") || !isLiteralText(sep) {
			return
		}
		re, err = Compile("\\Q" + sep + "\\E")
		require.NoError(t, err)
		got, err := re.Split(s)
		require.NoError(t, err)
		assert.Equal(t, literalSplit(s, sep), got)
	})
}

// isLiteralText: valid UTF-8 without U+FFFD, so that units round-trip.
func isLiteralText(s string) bool {
	return !strings.ContainsRune(s, '\uFFFD') && javalang.FromUTF16(javalang.UTF16(s)) == s
}

func literalSplit(s, sep string) []string {
	orig := s
	if !isLiteralText(s) {
		s = javalang.FromUTF16(javalang.UTF16(s))
	}
	if !strings.Contains(s, sep) {
		return []string{orig} // no match: Java returns the string itself
	}
	parts := strings.Split(s, sep)
	if parts[0] == "" && len(parts) > 0 && !strings.HasPrefix(s, sep) {
		parts = parts[1:]
	}
	n := len(parts)
	for n > 0 && parts[n-1] == "" {
		n--
	}
	return parts[:n]
}

// A resolver splits every distinct broker name and client ID once.
func BenchmarkSplitClientID(b *testing.B) {
	for _, sep := range []string{"::", "[-@]", "(?<=@)"} {
		re, err := Compile(sep)
		require.NoError(b, err)
		b.Run(sep, func(b *testing.B) {
			for range b.N {
				_, _ = re.Split("10.0.0.1@cid-00001::R1-broker@A")
			}
		})
	}
}
