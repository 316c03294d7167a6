package doctor

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// Snapshot is one capture of the group: the texts of one moment and when
// they were taken.
type Snapshot struct {
	Input
	// At is when the texts were captured; required.
	At time.Time
	// AtSource says where At comes from, for the report: AtCapturedAt,
	// AtMtime (the newest file's modification time: a guess, reported as
	// SNAPSHOT_TIME_GUESSED), or "" (given).
	AtSource string
	// Name labels the snapshot in the report (the folder it was read
	// from); optional.
	Name string
}

// DiagnoseSeries diagnoses several snapshots of one group, in time order
// (sorted by At, stably), and returns the last one's full Report with its
// Timeline set: per queue its owners and lag status over the window, the
// members that joined or left, flapping queues, whether a rebalance is
// still going on, and the findings only time shows (a stuck consumer, a
// stopped group). Report.OK is then the last snapshot's and the
// timeline's. A snapshot the doctor cannot read is an *alloc.TextError whose
// Box starts with "snapshot[i]." (i: its index in snaps).
func DiagnoseSeries(snaps []Snapshot) (*Report, error) {
	if len(snaps) == 0 {
		return nil, &alloc.TextError{Source: "snapshot", Msg: "no snapshot given"}
	}
	order := make([]int, len(snaps))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return snaps[a].At.Compare(snaps[b].At) })
	var s Series
	for _, i := range order {
		if err := s.add(snaps[i], "snapshot["+strconv.Itoa(i)+"]"); err != nil {
			return nil, err
		}
	}
	return s.Report(), nil
}

// Series takes snapshots of one group as they come (a watch loop adds one
// per interval) and reports on all of them so far. Its zero value is an
// empty series. It keeps what the timeline needs of each snapshot (owners,
// offsets, members) and the last snapshot's full Report.
type Series struct {
	snaps []snapState
	last  *Report
	ids   map[queueKey]int // every queue seen, numbered in order of first sight
	keys  []queueKey       // by id
	// group is the consumer group the snapshots are of (the first that
	// names one), groupFrom that snapshot's name.
	group, groupFrom string
}

// queueKey names a queue across snapshots: full topic and broker names.
type queueKey struct {
	topic  string
	broker string
	qid    int32
}

// snapState is what the timeline keeps of one snapshot. A watch loop
// keeps a window of them for every group it watches, so a queue's state
// is small: its owners are an index into the snapshot's few owner sets.
type snapState struct {
	info        SnapshotInfo
	members     []string     // client IDs, sorted, unique
	queues      []int32      // queue ids (Series.ids), report order
	byID        []queueState // by queue id; shorter when later snapshots add queues
	sets        [][]string   // the distinct owner sets of its queues, each sorted
	rebalancing bool         // the diagnosis found queues being released
	// brokers are those the routes list with queues and an address
	// (sorted) when routesRead; routes is how many routes were given.
	brokers    []string
	routes     int
	routesRead bool
}

// queueState is one queue in one snapshot: 24 bytes, kept for every queue
// of every snapshot of a window (a monitor of 2,000 groups keeps ~1.3M).
type queueState struct {
	// its consumerProgress line; its #Diff is their difference (the
	// progress parser refuses a line where it is not)
	brokerOff, consumerOff int64
	set                    int32 // 1 + the index of its owners in snapState.sets; 0 = unknown
	in                     bool  // the snapshot's report has the queue
	hasOff                 bool  // consumerProgress has a line for it
}

// at is queue id's state in s; nil when s does not have it.
func (s *snapState) at(id int) *queueState {
	if id >= len(s.byID) || !s.byID[id].in {
		return nil
	}
	return &s.byID[id]
}

// ownersOf is q's owners in s, sorted; nil when unknown.
func (s *snapState) ownersOf(q *queueState) []string {
	if q.set == 0 {
		return nil
	}
	return s.sets[q.set-1]
}

// offsets is q's consumerProgress line as a sample (Snapshot unset).
func (q *queueState) offsets() OffsetSample {
	return OffsetSample{BrokerOffset: q.brokerOff, ConsumerOffset: q.consumerOff, Lag: q.brokerOff - q.consumerOff}
}

// intern is k's id, numbering it when new.
func (s *Series) intern(k queueKey) int {
	if id, ok := s.ids[k]; ok {
		return id
	}
	if s.ids == nil {
		s.ids = map[queueKey]int{}
	}
	// Copies of the names: the key outlives the text they were read from.
	k = queueKey{strings.Clone(k.topic), strings.Clone(k.broker), k.qid}
	s.ids[k] = len(s.keys)
	s.keys = append(s.keys, k)
	return len(s.keys) - 1
}

// Len is how many snapshots the series holds.
func (s *Series) Len() int { return len(s.snaps) }

// Add diagnoses snap and appends it. Snapshots must come in time order: one
// taken before the previous one is an *alloc.TextError, and so is input the
// doctor cannot read (Box "snapshot[i].BOX"); the series is then
// unchanged.
func (s *Series) Add(snap Snapshot) error {
	return s.add(snap, "snapshot["+strconv.Itoa(len(s.snaps))+"]")
}

// add is Add with the box errors name the snapshot by.
func (s *Series) add(snap Snapshot, box string) error {
	i := len(s.snaps)
	if snap.At.IsZero() {
		return &alloc.TextError{Source: box + ".at", Msg: "no capture time given" + nameSuffix(snap.Name)}
	}
	if i > 0 && snap.At.Before(s.snaps[i-1].info.At) {
		prev := s.snaps[i-1].info
		return &alloc.TextError{Source: box + ".at", Msg: "taken at " + snap.At.UTC().Format(time.RFC3339) + nameSuffix(snap.Name) + ", before the previous snapshot (" + prev.At.UTC().Format(time.RFC3339) + "): give snapshots in time order"}
	}
	in := snap.Input
	if in.CapturedAt == "" {
		// The snapshot's time is its capture time (stuck consumers are
		// judged against it).
		in.CapturedAt = snap.At.UTC().Format(time.RFC3339Nano)
	}
	rep, group, err := diagnose(in)
	if err == nil {
		err = s.sameGroup(group)
	}
	if err != nil {
		var ie *alloc.TextError
		if errors.As(err, &ie) {
			c := *ie
			c.Source = box + "." + ie.Source
			if snap.Name != "" {
				c.Msg += " (snapshot " + quote(snap.Name) + ")"
			}
			return &c
		}
		return err
	}
	if s.group == "" {
		s.group, s.groupFrom = group, snap.Name
	}
	st := s.summarize(snap, rep)
	st.info.Index = i
	s.snaps = append(s.snaps, st)
	s.last = rep
	return nil
}

// sameGroup: a series is one group's snapshots. Folders of several groups
// (a shell glob over all captures) would read as members coming and going.
// The error's box is the snapshot's connection (add names the snapshot).
func (s *Series) sameGroup(group string) error {
	if s.group == "" || group == "" || group == s.group {
		return nil
	}
	return &alloc.TextError{Source: "connection", Msg: "is of consumer group " + quote(group) + ", but " + snapName(s.groupFrom) + " is of " + quote(s.group) + ": a series is snapshots of one group; give the folders of one group only"}
}

func snapName(name string) string {
	if name == "" {
		return "the first snapshot"
	}
	return "snapshot " + quote(name)
}

func nameSuffix(name string) string {
	if name == "" {
		return ""
	}
	return " (snapshot " + quote(name) + ")"
}

// Report is the last snapshot's Report with the timeline of all of them;
// nil while the series is empty. Each call builds a new Report.
func (s *Series) Report() *Report {
	if s.last == nil {
		return nil
	}
	rep := *s.last
	tl := buildTimeline(s.snaps, s.keys)
	rep.Timeline = tl
	rep.OK = rep.OK && tl.OK
	return &rep
}
