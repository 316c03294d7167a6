package goclient

import (
	"slices"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// Config is the Go client's AllocateByConfig(list): every caller, member
// or not, whatever the lists, gets the configured list (nil stays nil, as
// the Go client returns its nil slice). The list is copied when the
// strategy is built and again on each call.
//
// Example: Config([q3 q5]) → any cid: [q3 q5].
func Config(list []alloc.MessageQueue) Strategy { return config{list: slices.Clone(list)} }

type config struct{ list []alloc.MessageQueue }

func (config) Name() string    { return "CONFIG" }
func (config) Profile() string { return Profile }

func (s config) Allocate(_, _ string, _ []alloc.MessageQueue, _ []string) ([]alloc.MessageQueue, error) {
	return slices.Clone(s.list), nil
}
