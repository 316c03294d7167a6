package doctor

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// The patterns match.go's matchers stand for, as package regexp reads them.
var (
	reJavaVersion  = regexp.MustCompile(`^V\d+_\d+_\d+`)
	reBrokerAnswer = regexp.MustCompile(`CODE:\s*(\d+)\s+DESC:\s*([^\r\n]*)`)
	reFailBroker   = regexp.MustCompile(`BROKER:\s*([^\s]+)`)
	reFailTimeout  = regexp.MustCompile(`(?i)(?:wait response on the channel <([^>]*)>|RemotingTimeoutException[^\r\n]*?<([^>]+)>)`)
	reFailConnect  = regexp.MustCompile(`(?i)(?:connect to|send request to) <?([^\s<>]+?)>? failed`)
)

// Pieces the texts are made of: the patterns' words in both cases and
// with a long s (ſ folds to s under (?i)), separators, addresses.
var matchPieces = []string{
	"CODE:", "DESC:", "BROKER:", "code:", " ", "  ", "\t", "\n", "\r\n", "\f", "\v", "17", "206", "0", "<", ">", "<>", "a", "x", "é", "\xff",
	"wait response on the channel ", "WAIT RESPONSE ON THE CHANNEL ", "wait reſponse on the channel ", "wait response on the channel",
	"RemotingTimeoutException", "remotingtimeoutexception", "org.apache.rocketmq.remoting.exception.RemotingTimeoutException: ",
	"connect to ", "CONNECT TO ", "send request to ", "Send Request To ", "ſend request to ", "reconnect to ", "connect to",
	" failed", " FAILED", "failed", " failed.", "10.0.0.1:10911", "127.0.0.1:9876", "host-a", "V", "V4", "_", "9", "3", "V4_9_3", "v4_9_3", "V5_3_", ".", ",",
}

func matchText(r *rand.Rand) string {
	var b strings.Builder
	for n := r.IntN(12); n >= 0; n-- {
		b.WriteString(matchPieces[r.IntN(len(matchPieces))])
	}
	return b.String()
}

func TestMatchersAgreeWithRegexp(t *testing.T) {
	r := rand.New(rand.NewPCG(38, 1))
	fixed := []string{
		"CODE: 206  DESC: the consumer group[g] not online, BROKER: 10.0.0.1:10911",
		"org.apache.rocketmq.remoting.exception.RemotingTimeoutException: wait response on the channel <10.0.0.1:10911> timeout, 3000(ms)",
		"RemotingTimeoutException: invokeSync call the addr[10.0.0.2:10911] timeout <10.0.0.2:10911>",
		"RemotingConnectException: connect to <10.0.0.3:10911> failed",
		"RemotingSendRequestException: send request to <10.0.0.4:10911> failed",
		"connect to 10.0.0.5:10911 failed", "V4_9_3", "V4_9_", "v2.1.2", "",
	}
	for i := 0; i < 200000; i++ {
		s := matchText(r)
		if i < len(fixed) {
			s = fixed[i]
		}
		if got, want := isJavaVersion(s), reJavaVersion.MatchString(s); got != want {
			t.Fatalf("isJavaVersion(%q) = %v, regexp %v", s, got, want)
		}
		code, desc, ok := brokerAnswerMatch(s)
		if m := reBrokerAnswer.FindStringSubmatch(s); (m != nil) != ok || m != nil && (m[1] != code || m[2] != desc) {
			t.Fatalf("brokerAnswerMatch(%q) = %q, %q, %v; regexp %q", s, code, desc, ok, m)
		}
		for _, c := range []struct {
			name string
			fn   func(string) (string, bool)
			re   *regexp.Regexp
		}{{"failBrokerMatch", failBrokerMatch, reFailBroker}, {"failTimeoutMatch", failTimeoutMatch, reFailTimeout}, {"failConnectMatch", failConnectMatch, reFailConnect}} {
			got, ok := c.fn(s)
			m := c.re.FindStringSubmatch(s)
			if (m != nil) != ok || m != nil && strings.Join(m[1:], "") != got {
				t.Fatalf("%s(%q) = %q, %v; regexp %q", c.name, s, got, ok, m)
			}
		}
	}
}
