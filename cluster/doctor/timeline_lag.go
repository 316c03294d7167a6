package doctor

// evaluateLag is a queue's lag status over its samples (in time order),
// after LinkedIn Burrow's rules, checked in this order:
//
//  1. lag was 0 in some sample (the consumer caught up within the window),
//     or there is only one sample: OK;
//  2. the consumer offset went back between two samples: REWIND;
//  3. the offset never moved: STOP when the group consumed nothing at all
//     over the window (groupConsumed false), else STALL;
//  4. the offset moved but lag never went down from one sample to the
//     next: WARN;
//  5. otherwise OK.
//
// Burrow tells STOP from STALL by commit times, which mqadmin does not
// show; a group in which no queue advanced has stopped as a whole, a
// queue that alone does not advance is stalled.
func evaluateLag(samples []OffsetSample, groupConsumed bool) string {
	if len(samples) < 2 {
		return LagOK
	}
	for _, s := range samples {
		if s.Lag <= 0 {
			return LagOK
		}
	}
	moved := false
	for i := 1; i < len(samples); i++ {
		if samples[i].ConsumerOffset < samples[i-1].ConsumerOffset {
			return LagRewind
		}
		moved = moved || samples[i].ConsumerOffset != samples[i-1].ConsumerOffset
	}
	if !moved {
		if groupConsumed {
			return LagStall
		}
		return LagStop
	}
	for i := 1; i < len(samples); i++ {
		if samples[i].Lag < samples[i-1].Lag {
			return LagOK
		}
	}
	return LagWarn
}

// advanced tells whether a queue's consumer offset went up between two of
// its samples: the group consumed something.
func advanced(samples []OffsetSample) bool {
	for i := 1; i < len(samples); i++ {
		if samples[i].ConsumerOffset > samples[i-1].ConsumerOffset {
			return true
		}
	}
	return false
}
