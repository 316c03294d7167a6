package doctor

import "slices"

// Keep drops all but the newest n snapshots (n < 1 keeps one), so a
// series fed forever (the monitor's rolling window) holds at most n
// snapshots and only the queues they name: its memory is bounded by the
// window, not by how long it has run. The report afterwards is the one a
// series of just those snapshots gives, numbered from 0.
func (s *Series) Keep(n int) {
	n = max(n, 1)
	if len(s.snaps) <= n {
		return
	}
	kept := make([]snapState, n) // a fresh array: the dropped ones are freed
	copy(kept, s.snaps[len(s.snaps)-n:])
	// Renumber the queues still named, in their old order, so the dropped
	// ones' keys go too.
	used := make([]bool, len(s.keys))
	for _, st := range kept {
		for _, id := range st.queues {
			used[id] = true
		}
	}
	if !slices.Contains(used, false) {
		// Every queue is still named (a watch loop's usual case): the
		// kept snapshots stay as they are, renumbered.
		for i := range kept {
			kept[i].info.Index = i
		}
		s.snaps = kept
		return
	}
	remap := make([]int, len(s.keys))
	var keys []queueKey
	ids := map[queueKey]int{}
	for id, k := range s.keys {
		remap[id] = -1
		if used[id] {
			remap[id] = len(keys)
			ids[k] = len(keys)
			keys = append(keys, k)
		}
	}
	for i := range kept {
		st := &kept[i]
		st.info.Index = i
		queues := make([]int32, len(st.queues))
		for j, id := range st.queues {
			queues[j] = int32(remap[id])
		}
		st.queues = queues
		byID := make([]queueState, len(keys))
		for id, q := range st.byID {
			if id < len(remap) && remap[id] >= 0 {
				byID[remap[id]] = q
			}
		}
		st.byID = byID
	}
	s.snaps, s.keys, s.ids = kept, keys, ids
}
