package alloc

import "github.com/rmqalloc/rmqalloc/alloc/internal/group"

// The whole-group fast path of strategies defined in this module outside
// this package (goclient, candidate): see package alloc/internal/group for
// the contract. These names are this package's shorthand for it.
type (
	groupResult             = group.Result[MessageQueue]
	externalGroupAllocator  = group.Allocator[MessageQueue]
	externalConsumersGroups = group.ConsumersAllocator[MessageQueue, Consumers]
)
