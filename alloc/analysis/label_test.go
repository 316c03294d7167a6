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
		s            alloc.Strategy
		label, class string
	}{
		{alloc.Averagely(), "AVG", ClientJava},
		{goclient.Averagely(), "go:AVG", ClientGo},
		{alloc.ByConfig(nil), "CONFIG", ClientJava},
		{nil, "", ClientJava},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.label, Label(tt.s))
		assert.Equal(t, tt.class, ClientOf(tt.s))
	}
}
