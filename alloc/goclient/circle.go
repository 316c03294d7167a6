package goclient

import "github.com/rmqalloc/rmqalloc/alloc"

// ByCircle is the Go client's AllocateByAveragelyCircle, the same
// as Java's AVG_BY_CIRCLE: member idx (first occurrence in cidAll) gets
// every mqAll[i] with i ≡ idx (mod len(cidAll)).
//
// Example: 8 queues q0..q7, cidAll [c0 c1 c2] → c0:[q0 q3 q6]
// c1:[q1 q4 q7] c2:[q2 q5].
func ByCircle() Strategy { return circle{} }

type circle struct{}

func (circle) Name() string         { return "AVG_BY_CIRCLE" }
func (circle) Client() alloc.Client { return Client }
func (circle) goClient()            {}

func (circle) Allocate(_, cid string, mqAll []alloc.MessageQueue, cidAll []string) ([]alloc.MessageQueue, error) {
	idx := indexOf(cid, mqAll, cidAll)
	out := empty()
	if idx < 0 {
		return out, nil
	}
	for i := idx; i < len(mqAll); i += len(cidAll) {
		out = append(out, mqAll[i])
	}
	return out, nil
}
