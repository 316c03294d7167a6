package analysis

import (
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
	"github.com/stretchr/testify/assert"
)

func TestLabelAndClientOfAreTotal(t *testing.T) {
	t.Parallel()
	tests := []struct {
		s      alloc.Strategy
		label  string
		client alloc.Client
	}{
		{alloc.Averagely(), "AVG", alloc.Java493},
		{goclient.Averagely(), "go:AVG", goclient.Client},
		{alloc.ByConfig(nil), "CONFIG", alloc.Java493},
		{nil, "", alloc.Java493},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.label, Label(tt.s))
		assert.Equal(t, tt.client, alloc.ClientOf(tt.s))
	}
}
