package alloc

// Plan is a whole group's assignment: what every member's own allocate call
// returns, computed once. Build it with AllocateAll.
type Plan struct {
	strategy string
	queues   []MessageQueue
	members  []string // distinct client IDs in cidAll order
	of       map[string][]MessageQueue
	errs     map[string]error
	owners   [][]string // per index of queues
}

// AllocateAll computes every member's allocation at once. The result for a
// member equals s.Allocate(consumerGroup, member, mqAll, cidAll). Errors that
// every member would get (empty lists) are returned; an error that only some
// members get (e.g. a blank client ID under MACHINE_ROOM in 4.9.3) is kept
// per member, see Plan.Err.
//
// TODO(issue 2): fast paths per strategy; this is the per-member loop.
func AllocateAll(s Strategy, consumerGroup string, mqAll []MessageQueue, cidAll []string) (*Plan, error) {
	p := &Plan{strategy: s.Name(), queues: mqAll, of: map[string][]MessageQueue{}, errs: map[string]error{}}
	seen := map[string]bool{}
	for _, c := range cidAll {
		if seen[c] {
			continue
		}
		seen[c] = true
		p.members = append(p.members, c)
		qs, err := s.Allocate(consumerGroup, c, mqAll, cidAll)
		if err != nil {
			p.errs[c] = err
			continue
		}
		p.of[c] = qs
	}
	return p, nil
}

// Strategy is the name of the strategy that made the plan.
func (p *Plan) Strategy() string { return p.strategy }

// Queues is mqAll as given to AllocateAll.
func (p *Plan) Queues() []MessageQueue { return p.queues }

// Members is the distinct client IDs of cidAll, in cidAll order.
func (p *Plan) Members() []string { return p.members }

// Of is the queues member cid gets (nil for a non-member or a member whose
// call failed).
func (p *Plan) Of(cid string) []MessageQueue { return p.of[cid] }

// Err is the error member cid's own allocate call returns, if any.
func (p *Plan) Err(cid string) error { return p.errs[cid] }
