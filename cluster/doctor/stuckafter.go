package doctor

import (
	"strings"
	"time"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// defaultStuckAfter is how long before the capture a queue's last
// consumption may be, with messages waiting, before its owner counts as
// stuck (CONSUMER_STUCK), when Input.StuckAfter does not say.
const defaultStuckAfter = 5 * time.Minute

// parseStuckAfter reads Input.StuckAfter: a Go duration ("90s", "2m"),
// at least a second; "" is defaultStuckAfter. A shorter threshold suits
// groups whose listeners return in milliseconds (and tests); a longer one
// groups that consume in slow batches.
func parseStuckAfter(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return defaultStuckAfter, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < time.Second {
		return 0, &alloc.TextError{Source: "stuckAfter", Line: 1, Msg: "expected a duration of at least 1s (90s, 2m, 1h), found " + quote(s)}
	}
	return d, nil
}
