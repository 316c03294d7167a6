package goclient

import (
	"slices"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// ByConfig is the Go client's AllocateByConfig(list): every caller, member
// or not, whatever the lists, gets the configured list (nil stays nil, as
// the Go client returns its nil slice). The list is copied when the
// strategy is built and again on each call.
//
// Example: ByConfig([q3 q5]) → any cid: [q3 q5].
func ByConfig(list []alloc.MessageQueue) Strategy { return config{list: slices.Clone(list)} }

type config struct{ list []alloc.MessageQueue }

func (config) Name() string         { return "CONFIG" }
func (config) Client() alloc.Client { return Client }
func (config) goClient()            {}

func (s config) Allocate(_, _ string, _ []alloc.MessageQueue, _ []string) ([]alloc.MessageQueue, error) {
	return slices.Clone(s.list), nil
}
