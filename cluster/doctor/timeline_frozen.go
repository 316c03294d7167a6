package doctor

import "time"

// minFrozen is how long a consumer offset must stay put, with messages
// waiting, after it last moved (or after the queue last caught up) within
// the window, before the queue counts as consumed by nobody. Consumers
// commit their offsets every 5 s (persistConsumerOffsetInterval) and
// rebalance every 20 s: a queue that stays put after both have had their
// turn is not being consumed, whatever its lag did before.
const minFrozen = 30 * time.Second

// frozenFrom is the index of the first of samples from which the consumer
// offset stayed what it is in the last one while lag stayed above 0, or
// -1 when the last sample has no lag or that run is a single sample.
func frozenFrom(samples []OffsetSample) int {
	n := len(samples)
	if n < 2 || samples[n-1].Lag <= 0 {
		return -1
	}
	p := n - 1
	for p > 0 && samples[p-1].ConsumerOffset == samples[n-1].ConsumerOffset && samples[p-1].Lag > 0 {
		p--
	}
	if p == n-1 {
		return -1
	}
	return p
}

// judgeLag is a queue's lag status over the window and, for STALL and
// STOP, the sample from which its offset has stayed put. On top of
// evaluateLag (Burrow's rules over the whole window), STALL and STOP need
// the offset put for minFrozen at least; and an offset that
// moved or caught up earlier in the window but has stayed put with
// messages waiting for minFrozen up to the last snapshot is not consumed
// now, whatever it did before: STALL, or STOP when no queue of the group
// advanced since. lastAdvance is the latest time any queue's offset went
// up from (the earlier sample of the two); at is a snapshot's time.
func judgeLag(samples []OffsetSample, groupConsumed bool, lastAdvance time.Time, at func(snapshot int) time.Time) (string, int) {
	status := evaluateLag(samples, groupConsumed)
	p := frozenFrom(samples)
	switch status {
	case LagStall, LagStop:
		// Put over less than minFrozen is no evidence: offsets are
		// committed every 5 s, and snapshots moments apart (or one
		// capture given twice) show them unchanged while consumed.
		if at(samples[len(samples)-1].Snapshot).Sub(at(samples[max(p, 0)].Snapshot)) < minFrozen {
			return LagOK, -1
		}
		return status, max(p, 0)
	case LagOK, LagWarn:
		if p <= 0 || at(samples[len(samples)-1].Snapshot).Sub(at(samples[p].Snapshot)) < minFrozen {
			return status, -1
		}
		if lastAdvance.Before(at(samples[p].Snapshot)) {
			return LagStop, p
		}
		return LagStall, p
	}
	return status, -1
}

// lastAdvanceStart is the latest time from which some queue's consumer
// offset went up by the next sample (zero when none did).
func lastAdvanceStart(all [][]OffsetSample, at func(snapshot int) time.Time) time.Time {
	var last time.Time
	for _, ss := range all {
		for i := 1; i < len(ss); i++ {
			if t := at(ss[i-1].Snapshot); ss[i].ConsumerOffset > ss[i-1].ConsumerOffset && t.After(last) {
				last = t
			}
		}
	}
	return last
}
