package doctor

import "time"

// Lag statuses over the window, as LagEval.Status spells them (after
// LinkedIn Burrow's evaluation rules, on consumerProgress offsets).
const (
	LagOK     = "OK"     // lag was 0 at some point, or consumption keeps it from growing
	LagWarn   = "WARN"   // offsets move but lag never went down
	LagStall  = "STALL"  // the offset did not move (over the window, or for minFrozen up to its end), lag > 0, while the group consumed elsewhere
	LagStop   = "STOP"   // as STALL, but the group consumed nothing at all meanwhile
	LagRewind = "REWIND" // the consumer offset went back
)

// Rebalance states, as RebalanceState.State spells them.
const (
	RebalanceSettled    = "settled"     // owners and members unchanged in the last two snapshots
	RebalanceInProgress = "in-progress" // the last snapshot changed owners or members, or queues were being released
	RebalanceUnknown    = "unknown"     // one snapshot only
)

// Where a snapshot's time comes from, as Snapshot.AtSource spells them
// (any other text is shown as given).
const (
	AtCapturedAt = "captured-at.txt" // the first line of the folder's captured-at.txt
	AtMtime      = "mtime"           // the newest file's modification time: a guess, reported
)

// Timeline is what a series of snapshots shows over time (Report.Timeline,
// set by DiagnoseSeries and Series.Report; the Report's other fields are
// the last snapshot's diagnosis).
type Timeline struct {
	// Verdict is one short sentence about the window.
	Verdict string `json:"verdict"`
	// OK is true when no timeline finding has LevelError.
	OK bool `json:"ok"`
	// From and To are the first and last snapshots' times.
	From time.Time `json:"from"`
	To   time.Time `json:"to"`
	// Snapshots are the snapshots, in time order.
	Snapshots []SnapshotInfo `json:"snapshots"`
	// Rebalance says whether the group's assignment has settled.
	Rebalance RebalanceState `json:"rebalance"`
	// MemberChanges are the members that joined or left, in time order.
	MemberChanges []MemberChange `json:"memberChanges"`
	// Queues hold every queue any snapshot's diagnosis has, in the order
	// the reports list them (topics, then broker name and queue ID).
	Queues []QueueTimeline `json:"queues"`
	// Lag counts the queues per lag status (only statuses that occur).
	Lag map[string]int `json:"lag"`
	// Findings are what only time shows; the last snapshot's own findings
	// stay in Report.Findings.
	Findings []Finding `json:"findings"`
}

// SnapshotInfo is one snapshot of a series.
type SnapshotInfo struct {
	Index    int       `json:"index"` // 0-based, in time order
	Name     string    `json:"name,omitempty"`
	At       time.Time `json:"at"`
	AtSource string    `json:"atSource,omitempty"` // "captured-at.txt", "mtime", or "" (given)
	// OK and Verdict are that snapshot's own diagnosis.
	OK      bool   `json:"ok"`
	Verdict string `json:"verdict"`
	// Members is how many client IDs the connection listed.
	Members int `json:"members"`
}

// RebalanceState is whether the assignment still moves at the end of the
// window.
type RebalanceState struct {
	State string `json:"state"` // Rebalance* constants
	// Since is, when settled, the time of the first snapshot from which
	// nothing changed; when in progress, the last snapshot's time.
	Since time.Time `json:"since"`
	// Reason says why, in a few words.
	Reason string `json:"reason"`
}

// MemberChange is a client ID that appeared in or vanished from the
// connection list between two snapshots.
type MemberChange struct {
	Snapshot int       `json:"snapshot"` // the first snapshot that shows the change
	At       time.Time `json:"at"`
	ClientID string    `json:"clientId"`
	Change   string    `json:"change"` // "joined" | "left"
}

// QueueTimeline is one queue over the window.
type QueueTimeline struct {
	Topic      string `json:"topic"`
	BrokerName string `json:"brokerName"`
	QueueID    int32  `json:"queueId"`
	// Owners are the queue's actual owners each time they changed: the
	// first snapshot that knew them, then one entry per change. Snapshots
	// without owner information for the queue are skipped.
	Owners []OwnerSpan `json:"owners"`
	// Changes is how many times the owners changed (len(Owners)-1, or 0).
	Changes int `json:"changes"`
	// Flapping is true when the queue moved from one owner to another
	// more than once (a span held by nobody in between, as one member
	// leaves and another takes over, is no move); Involved then lists
	// every owner the queue had.
	Flapping bool     `json:"flapping"`
	Involved []string `json:"involved,omitempty"`
	// Lag is the lag status over the window (absent without offsets).
	Lag *LagEval `json:"lag,omitempty"`
}

// OwnerSpan is a queue's owners from one snapshot on.
type OwnerSpan struct {
	Snapshot int       `json:"snapshot"`
	At       time.Time `json:"at"`
	Owners   []string  `json:"owners"` // client IDs (or IPs); [] = nobody
}

// LagEval is a queue's lag status over the window and the offsets it is
// judged on.
type LagEval struct {
	Status  string         `json:"status"` // Lag* constants
	Samples []OffsetSample `json:"samples"`
	// Frozen, for STALL and STOP, is the first snapshot from which the
	// consumer offset stayed put with messages waiting: nobody has
	// consumed the queue since.
	Frozen *SnapshotRef `json:"frozen,omitempty"`
}

// SnapshotRef names one snapshot of a series and its time.
type SnapshotRef struct {
	Snapshot int       `json:"snapshot"`
	At       time.Time `json:"at"`
}

// OffsetSample is one snapshot's consumerProgress line for a queue.
type OffsetSample struct {
	Snapshot       int   `json:"snapshot"`
	BrokerOffset   int64 `json:"brokerOffset"`
	ConsumerOffset int64 `json:"consumerOffset"`
	Lag            int64 `json:"lag"` // #Diff
}
