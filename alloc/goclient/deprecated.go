package goclient

import "github.com/rmqalloc/rmqalloc/alloc"

// The names below were renamed to match package alloc's (ByCircle,
// ByConfig, ByMachineRoom, DefaultVirtualNodeCnt); the old ones stay for
// existing callers.

// AveragelyByCircle is ByCircle.
//
// Deprecated: use ByCircle.
func AveragelyByCircle() Strategy { return ByCircle() }

// Config is ByConfig.
//
// Deprecated: use ByConfig.
func Config(list []alloc.MessageQueue) Strategy { return ByConfig(list) }

// MachineRoom is ByMachineRoom.
//
// Deprecated: use ByMachineRoom.
func MachineRoom(consumeridcs []string) Strategy { return ByMachineRoom(consumeridcs) }

// DefaultVirtualNodes is DefaultVirtualNodeCnt.
//
// Deprecated: use DefaultVirtualNodeCnt.
const DefaultVirtualNodes = DefaultVirtualNodeCnt
