package monitor

import (
	"context"
	"sync"
	"time"
)

// limiter lets at most rate events a second through, in bursts of at
// most burst (a token bucket). rate <= 0: no limit.
type limiter struct {
	rate  float64
	burst float64

	mu     sync.Mutex
	tokens float64
	last   time.Time
}

func newLimiter(rate float64) *limiter {
	burst := max(rate/10, 1) // a tenth of a second's worth
	return &limiter{rate: rate, burst: burst, tokens: burst}
}

// wait blocks until an event may pass, or ctx ends (its error).
func (l *limiter) wait(ctx context.Context) error {
	if l == nil || l.rate <= 0 {
		return ctx.Err()
	}
	l.mu.Lock()
	now := time.Now()
	if !l.last.IsZero() {
		l.tokens = min(l.burst, l.tokens+now.Sub(l.last).Seconds()*l.rate)
	}
	l.last = now
	l.tokens-- // reserved now, so waiters queue in order
	need := -l.tokens
	l.mu.Unlock()
	if need <= 0 {
		return nil
	}
	t := time.NewTimer(time.Duration(need / l.rate * float64(time.Second)))
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		l.mu.Lock()
		l.tokens++ // give the reservation back
		l.mu.Unlock()
		return ctx.Err()
	}
}
