package doctor

// Finding codes, as Finding.Code spells them. Each has one level (Codes);
// docs/doctor-findings.md says what each means and what to do.
const (
	// Errors: the group loses, delays or duplicates messages.
	CodeDoubleOwned          = "DOUBLE_OWNED"
	CodeDuplicateClientID    = "DUPLICATE_CLIENT_ID"
	CodeUnexpectedOwner      = "UNEXPECTED_OWNER"
	CodeWrongOwner           = "WRONG_OWNER"
	CodeOrderlyLockHeld      = "ORDERLY_LOCK_HELD"
	CodeUnowned              = "UNOWNED"
	CodeOrphaned             = "ORPHANED"
	CodeConsumerStuck        = "CONSUMER_STUCK"
	CodeGroupOffline         = "GROUP_OFFLINE"
	CodeMixedStrategies      = "MIXED_STRATEGIES"
	CodeSubscriptionMismatch = "SUBSCRIPTION_MISMATCH"
	CodeUnknownOwner         = "UNKNOWN_OWNER"
	CodeAllocateError        = "ALLOCATE_ERROR"
	CodeStrandedMessages     = "STRANDED_MESSAGES"
	// Warnings: a risk, a passing state, or a limit of the diagnosis.
	CodeRouteViewDiffers        = "ROUTE_VIEW_DIFFERS"
	CodeViewDiffers             = "VIEW_DIFFERS"
	CodeRebalanceInProgress     = "REBALANCE_IN_PROGRESS"
	CodeMixedLanguages          = "MIXED_LANGUAGES"
	CodeUnknownLanguage         = "UNKNOWN_LANGUAGE"
	CodeUnknownStrategy         = "UNKNOWN_STRATEGY"
	CodeServerSideRebalance     = "SERVER_SIDE_REBALANCE"
	CodeNoOwnerInfo             = "NO_OWNER_INFO"
	CodeProgressUnsupported     = "PROGRESS_UNSUPPORTED"
	CodeStatusIncomplete        = "STATUS_INCOMPLETE"
	CodeReadFailed              = "READ_FAILED"
	CodeConsumerUnresponsive    = "CONSUMER_UNRESPONSIVE"
	CodeUnreadQueues            = "UNREAD_QUEUES"
	CodeQueueNotInRoute         = "QUEUE_NOT_IN_ROUTE"
	CodeRouteQueueWithoutOffset = "ROUTE_QUEUE_WITHOUT_OFFSET"
	CodeNoRoute                 = "NO_ROUTE"
	CodeCaptureBeforeLastTime   = "CAPTURE_BEFORE_LAST_TIME"
	// Information.
	CodeEmptyQueue       = "EMPTY_QUEUE"
	CodeMachineRoom      = "MACHINE_ROOM"
	CodeBroadcasting     = "BROADCASTING"
	CodeNotSubscribed    = "OFFSETS_NOT_SUBSCRIBED"
	CodeNotDiagnosed     = "NOT_DIAGNOSED"
	CodeQueuesNotWritten = "QUEUES_NOT_WRITTEN"
	// Only a series of snapshots shows these (Timeline.Findings); a stuck
	// consumer (CONSUMER_STUCK, above) is seen by both.
	CodeQueueStalled        = "QUEUE_STALLED"
	CodeConsumptionStopped  = "CONSUMPTION_STOPPED"
	CodeOffsetRewind        = "OFFSET_REWIND"
	CodeLagGrowing          = "LAG_GROWING"
	CodeOwnerFlapping       = "OWNER_FLAPPING"
	CodeRebalanceUnsettled  = "REBALANCE_UNSETTLED"
	CodeBrokerLeft          = "BROKER_LEFT"
	CodeMembersChanged      = "MEMBERS_CHANGED"
	CodeSnapshotTimeGuessed = "SNAPSHOT_TIME_GUESSED"
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
	Code  string `json:"code"`
	Level string `json:"level"`
}

var codeRank = func() map[string]int {
	m := map[string]int{}
	for i, c := range Codes() {
		m[c.Code] = i
	}
	return m
}()

// levelOf is code's level.
func levelOf(code string) string {
	return Codes()[codeRank[code]].Level
}
