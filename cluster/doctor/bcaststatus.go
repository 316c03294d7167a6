package doctor

import "strings"

// broadcastStatus classifies a queue of a BROADCASTING group, where every
// member should hold it. Members whose status could not be read (no file,
// no answer) are left out of the comparison: what they hold is unknown,
// said by their own finding, and does not make the others' holdings wrong.
func (d *diagnosis) broadcastStatus(expected, actual []string) string {
	read := expected
	if len(d.unread.members) > 0 {
		read = nil
		for _, e := range expected {
			if _, unread := d.unread.members[e]; !unread {
				read = append(read, e)
			}
		}
	}
	switch {
	case len(actual) == 0 && len(read) > 0:
		return StatusUnowned
	case len(actual) == 0 && len(expected) > 0:
		return StatusUnknown // only unread members should hold it
	case len(actual) == 0:
		return StatusUnassigned
	case d.sameLabels(read, actual):
		return StatusOK
	}
	return StatusWrongOwner
}

// broadcastAs is how a BROADCASTING group's queues are consumed, for the
// verdict: by every member, or by every member that was read.
func (d *diagnosis) broadcastAs() string {
	unread := d.unread.unresponsive()
	if len(unread) == 0 {
		return "by every member, as the group is BROADCASTING"
	}
	return "by every member that was read, as the group is BROADCASTING (" + strings.Join(unread, ", ") + " could not be read: see the findings)"
}
