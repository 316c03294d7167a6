package doctor

// Code names a kind of finding, as Finding.Code spells it in the report
// and in --json. Each has one level (Codes), which is every such
// finding's; docs/doctor-findings.md says what each means and what to do.
type Code string

// The finding codes.
const (
	// Errors: the group loses, delays or duplicates messages.
	CodeDoubleOwned          Code = "DOUBLE_OWNED"
	CodeDuplicateClientID    Code = "DUPLICATE_CLIENT_ID"
	CodeUnexpectedOwner      Code = "UNEXPECTED_OWNER"
	CodeWrongOwner           Code = "WRONG_OWNER"
	CodeOrderlyLockHeld      Code = "ORDERLY_LOCK_HELD"
	CodeUnowned              Code = "UNOWNED"
	CodeOrphaned             Code = "ORPHANED"
	CodeConsumerStuck        Code = "CONSUMER_STUCK"
	CodeGroupOffline         Code = "GROUP_OFFLINE"
	CodeMixedStrategies      Code = "MIXED_STRATEGIES"
	CodeSubscriptionMismatch Code = "SUBSCRIPTION_MISMATCH"
	CodeUnknownOwner         Code = "UNKNOWN_OWNER"
	CodeAllocateError        Code = "ALLOCATE_ERROR"
	CodeStrandedMessages     Code = "STRANDED_MESSAGES"
	// Warnings: a risk, a passing state, or a limit of the diagnosis.
	CodeRouteViewDiffers        Code = "ROUTE_VIEW_DIFFERS"
	CodeViewDiffers             Code = "VIEW_DIFFERS"
	CodeRebalanceInProgress     Code = "REBALANCE_IN_PROGRESS"
	CodeMixedLanguages          Code = "MIXED_LANGUAGES"
	CodeUnknownLanguage         Code = "UNKNOWN_LANGUAGE"
	CodeUnknownStrategy         Code = "UNKNOWN_STRATEGY"
	CodeServerSideRebalance     Code = "SERVER_SIDE_REBALANCE"
	CodeNoOwnerInfo             Code = "NO_OWNER_INFO"
	CodeProgressUnsupported     Code = "PROGRESS_UNSUPPORTED"
	CodeStatusIncomplete        Code = "STATUS_INCOMPLETE"
	CodeReadFailed              Code = "READ_FAILED"
	CodeConsumerUnresponsive    Code = "CONSUMER_UNRESPONSIVE"
	CodeUnreadQueues            Code = "UNREAD_QUEUES"
	CodeQueueNotInRoute         Code = "QUEUE_NOT_IN_ROUTE"
	CodeRouteQueueWithoutOffset Code = "ROUTE_QUEUE_WITHOUT_OFFSET"
	CodeNoRoute                 Code = "NO_ROUTE"
	CodeCaptureBeforeLastTime   Code = "CAPTURE_BEFORE_LAST_TIME"
	// Information.
	CodeEmptyQueue       Code = "EMPTY_QUEUE"
	CodeMachineRoom      Code = "MACHINE_ROOM"
	CodeBroadcasting     Code = "BROADCASTING"
	CodeNotSubscribed    Code = "OFFSETS_NOT_SUBSCRIBED"
	CodeNotDiagnosed     Code = "NOT_DIAGNOSED"
	CodeQueuesNotWritten Code = "QUEUES_NOT_WRITTEN"
	// Only a series of snapshots shows these (Timeline.Findings); a stuck
	// consumer (CONSUMER_STUCK, above) is seen by both.
	CodeQueueStalled        Code = "QUEUE_STALLED"
	CodeConsumptionStopped  Code = "CONSUMPTION_STOPPED"
	CodeOffsetRewind        Code = "OFFSET_REWIND"
	CodeLagGrowing          Code = "LAG_GROWING"
	CodeOwnerFlapping       Code = "OWNER_FLAPPING"
	CodeRebalanceUnsettled  Code = "REBALANCE_UNSETTLED"
	CodeBrokerLeft          Code = "BROKER_LEFT"
	CodeMembersChanged      Code = "MEMBERS_CHANGED"
	CodeSnapshotTimeGuessed Code = "SNAPSHOT_TIME_GUESSED"
)

// Codes is every finding code with its level, most costly first: the
// order findings of one lag are listed in.
func Codes() []CodeLevel {
	return []CodeLevel{
		{CodeDoubleOwned, LevelError},
		{CodeDuplicateClientID, LevelError},
		{CodeUnexpectedOwner, LevelError},
		{CodeWrongOwner, LevelError},
		{CodeOrderlyLockHeld, LevelError},
		{CodeUnowned, LevelError},
		{CodeOrphaned, LevelError},
		{CodeConsumerStuck, LevelError},
		{CodeGroupOffline, LevelError},
		{CodeMixedStrategies, LevelError},
		{CodeSubscriptionMismatch, LevelError},
		{CodeUnknownOwner, LevelError},
		{CodeAllocateError, LevelError},
		{CodeStrandedMessages, LevelError},
		{CodeRouteViewDiffers, LevelWarning},
		{CodeViewDiffers, LevelWarning},
		{CodeRebalanceInProgress, LevelWarning},
		{CodeMixedLanguages, LevelWarning},
		{CodeUnknownLanguage, LevelWarning},
		{CodeUnknownStrategy, LevelWarning},
		{CodeServerSideRebalance, LevelWarning},
		{CodeNoOwnerInfo, LevelWarning},
		{CodeProgressUnsupported, LevelWarning},
		{CodeStatusIncomplete, LevelWarning},
		{CodeReadFailed, LevelWarning},
		{CodeConsumerUnresponsive, LevelWarning},
		{CodeUnreadQueues, LevelWarning},
		{CodeQueueNotInRoute, LevelWarning},
		{CodeRouteQueueWithoutOffset, LevelWarning},
		{CodeNoRoute, LevelWarning},
		{CodeCaptureBeforeLastTime, LevelWarning},
		{CodeEmptyQueue, LevelInfo},
		{CodeMachineRoom, LevelInfo},
		{CodeBroadcasting, LevelInfo},
		{CodeNotSubscribed, LevelInfo},
		{CodeNotDiagnosed, LevelInfo},
		{CodeQueuesNotWritten, LevelInfo},
		{CodeQueueStalled, LevelError},
		{CodeConsumptionStopped, LevelError},
		{CodeOffsetRewind, LevelWarning},
		{CodeLagGrowing, LevelWarning},
		{CodeOwnerFlapping, LevelWarning},
		{CodeRebalanceUnsettled, LevelWarning},
		{CodeBrokerLeft, LevelWarning},
		{CodeMembersChanged, LevelInfo},
		{CodeSnapshotTimeGuessed, LevelInfo},
	}
}

// CodeLevel is a finding code and the one level it is reported at.
type CodeLevel struct {
	Code  Code   `json:"code"`
	Level string `json:"level"`
}

var codeRank = func() map[Code]int {
	m := map[Code]int{}
	for i, c := range Codes() {
		m[c.Code] = i
	}
	return m
}()

// levelOf is code's level.
func levelOf(code Code) string {
	return Codes()[codeRank[code]].Level
}

// leveled is f at its code's level: every finding gets its level here,
// from Codes, and nowhere else.
func leveled(f Finding) Finding {
	f.Level = levelOf(f.Code)
	return f
}
