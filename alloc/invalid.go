package alloc

// Every strategy constructor returns a Strategy, so that a slice literal
// of strategies can be written. Where Java's constructor throws (a
// negative virtualNodeCnt, a null inner strategy or resolver), the
// constructor returns an invalid strategy instead: it keeps the Name the
// strategy would have, and every Allocate and AllocateAll over it answers
// the constructor's error. Validate reports that error up front, and
// NewStrategy returns it.

// invalidStrategy is a strategy whose construction failed.
type invalidStrategy struct {
	name string
	err  error
}

func (s invalidStrategy) Name() string { return s.name }

func (s invalidStrategy) Allocate(_, _ string, _ []MessageQueue, _ []string) ([]MessageQueue, error) {
	return nil, s.err
}

// allocateGroup fails the whole group: no member can allocate.
func (s invalidStrategy) allocateGroup(*groupView) error { return s.err }

// Validate returns the error the constructor of s found (Java's
// constructor would have thrown it), nil for a usable strategy; a nil s is
// a NullPointerException-class error.
//
// Example: Validate(ConsistentHash(-1)) is the IllegalArgumentException
// "virtualNodeCnt: illegal virtualNodeCnt :-1"; Validate(Averagely()) is
// nil.
func Validate(s Strategy) error {
	switch v := s.(type) {
	case nil:
		return nullStrategy("strategy")
	case invalidStrategy:
		return v.err
	}
	return nil
}

func nullStrategy(field string) *Error {
	return &Error{Kind: ErrInvalidArgument, JavaClass: NullPointerException, Field: field, Msg: "strategy is null"}
}
