package alloc

import "slices"

// ByConfig is Java's AllocateMessageQueueByConfig, named "CONFIG": every
// caller gets the configured list, whatever its ID and whatever mqAll and
// cidAll hold. No argument is checked.
//
// Worked example: ByConfig([q2 q5]) gives [q2 q5] to "c1", to "ghost" and
// to "". A nil list stands for Java's null (no list configured): every
// caller then gets nil, which the conformance vectors write as null; a
// non-nil empty list gives [].
func ByConfig(messageQueueList []MessageQueue) Strategy {
	return configStrategy{list: slices.Clone(messageQueueList)}
}

type configStrategy struct {
	list []MessageQueue // nil: no list configured
}

func (configStrategy) Name() string { return nameConfig }

func (s configStrategy) Allocate(_, _ string, _ []MessageQueue, _ []string) ([]MessageQueue, error) {
	return slices.Clone(s.list), nil
}

// allocateGroup shares one copy of the list among all members.
func (s configStrategy) allocateGroup(g *groupView) error {
	list := slices.Clip(slices.Clone(s.list))
	for m := range g.members.ids {
		g.of[m] = list
	}
	return nil
}
