package producer

import (
	"sort"
	"strconv"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
	"github.com/rmqalloc/rmqalloc/alloc/route"
)

// GoErrorClass is the JavaClass of an *alloc.Error for a Go client call
// that returns an error (not a panic): the Go clients have no exception
// classes.
const GoErrorClass = "error"

// GoPublishQueues is the publish list rocketmq-client-go v2.1.2 builds
// from a topic route (routeData2PublishInfo after its own route decoding):
//
//   - orderTopicConf is ignored: the client's route decoder never reads it;
//   - queueDatas are reordered by sort.Slice with a comparator of indexes
//     (i-j >= 0), not of broker names, so the order is a fixed permutation
//     of the positions that Go's pdqsort (Go 1.19 and later) makes; up to
//     12 entries it is the reverse order;
//   - each entry with the write bit whose first BrokerData of the same name
//     has a non-empty address under broker ID 0 gives queues
//     0..writeQueueNums-1 (none when negative); a brokerAddrs key that is
//     not a decimal number counts as ID 0, as the decoder's ParseInt
//     failure leaves it 0.
//
// A null queueDatas is the decoder's error (GoErrorClass); a BrokerData
// without brokerAddrs (nil map: JSON null or absent) panics in the decoder
// (goclient.PanicClass).
func GoPublishQueues(topic string, r *route.Route) ([]alloc.MessageQueue, error) {
	if r == nil {
		return nil, &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: GoErrorClass, Field: "route", Msg: "no route"}
	}
	if r.QueueDatas == nil {
		return nil, &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: GoErrorClass, Field: "queueDatas", Msg: "queueDatas is null: the client's decoder fails"}
	}
	for i, bd := range r.BrokerDatas {
		if bd.BrokerAddrs == nil {
			return nil, &alloc.Error{Kind: goclient.ErrPanic, JavaClass: goclient.PanicClass,
				Field: "brokerDatas[" + strconv.Itoa(i) + "].brokerAddrs", Msg: "absent: the client's decoder slices it and panics"}
		}
	}
	var out []alloc.MessageQueue
	for _, pos := range goSliceOrder(len(r.QueueDatas)) {
		qd := r.QueueDatas[pos]
		if qd.Perm&route.PermWrite != route.PermWrite || !goHasMaster(r.BrokerDatas, qd.BrokerName) {
			continue
		}
		if len(out)+int(max(qd.WriteQueueNums, 0)) > route.MaxQueues {
			return nil, &alloc.Error{Kind: alloc.ErrLimit, Field: "queueDatas[" + strconv.Itoa(pos) + "].writeQueueNums",
				Msg: "more than " + strconv.Itoa(route.MaxQueues) + " queues"}
		}
		for i := int32(0); i < qd.WriteQueueNums; i++ {
			out = append(out, alloc.MessageQueue{Topic: topic, BrokerName: qd.BrokerName, QueueID: i})
		}
	}
	return out, nil
}

// GoProducerPublishQueues is the publish list a rocketmq-client-go v2.1.2
// producer's selector really gets for a topic its client has not looked up
// before (the first send's lookup, or a route change at the 30 s refresh),
// when it is the only producer of its client: GoPublishQueues's reordering
// applied twice. routeData2PublishInfo sorts the route's queueDatas in
// place: UpdateTopicRouteInfoWithDefault calls it on the route it keeps
// (the producer's first list), then returns a shallow clone of that
// already reordered route, and tryToFindTopicPublishInfo hands the clone
// to UpdatePublishInfo, which calls it again and stores that second list.
// So up to 12 queue datas the producer sends in the name server's own
// order (two reversals), as the live layer saw with a real producer on
// both kits (TestGoProducerMatchesRealClientGo).
func GoProducerPublishQueues(topic string, r *route.Route) ([]alloc.MessageQueue, error) {
	if r == nil || r.QueueDatas == nil {
		return GoPublishQueues(topic, r)
	}
	once := *r
	once.QueueDatas = make([]route.QueueData, len(r.QueueDatas))
	for k, pos := range goSliceOrder(len(r.QueueDatas)) {
		once.QueueDatas[k] = r.QueueDatas[pos]
	}
	return GoPublishQueues(topic, &once)
}

// goHasMaster: the first BrokerData named broker has a master address.
func goHasMaster(bds []route.BrokerData, broker string) bool {
	for _, bd := range bds {
		if bd.BrokerName != broker {
			continue
		}
		for k, addr := range bd.BrokerAddrs {
			if id, _ := strconv.ParseInt(k, 10, 64); id == 0 && addr != "" {
				return true
			}
		}
		return false
	}
	return false
}

// indexOrder sorts positions with the client's comparator, which looks at
// the positions being compared and never at the data.
type indexOrder []int

func (s indexOrder) Len() int           { return len(s) }
func (s indexOrder) Less(i, j int) bool { return i-j >= 0 }
func (s indexOrder) Swap(i, j int)      { s[i], s[j] = s[j], s[i] }

// goSliceOrder is the order sort.Slice(qds, func(i, j) bool { return
// i-j >= 0 }) leaves n entries in: result[k] is the original position of
// the k-th entry. sort.Sort runs the same pdqsort as sort.Slice.
func goSliceOrder(n int) []int {
	s := make(indexOrder, n)
	for i := range s {
		s[i] = i
	}
	sort.Sort(s)
	return s
}
