package priority

import "strconv"

// Path is which of the broker's two pop implementations serves a request.
type Path int

const (
	// PathFile is PopMessageProcessor with the file-based ack (the default).
	PathFile Path = iota
	// PathKV is PopConsumerService (popConsumerKVServiceEnable).
	PathKV
)

// QueueOrder is the order in which one request visits the read queues of a
// topic (the topic itself, or the group's retry topic with its own count):
// the i-th visit (i from 0) is queue (base_i + offset) % readQueueNums,
// base_i = readQueueNums-1-i with priorityOrderAsc, i otherwise.
//
// On PathKV the sum is a long and is narrowed to an int before the %
// (Java's cast binds first), so past 2^31 requests the counter wraps and
// can even give a negative queue id; QueueOrder returns what the broker
// computes. On PathFile the offset is below 100 and nothing wraps.
//
// Example: 8 queues, asc, offset 0: 7 6 5 4 3 2 1 0; offset 3: 2 1 0 7 6 5
// 4 3; not asc, offset 3: 3 4 5 6 7 0 1 2.
func QueueOrder(readQueueNums int, asc bool, offset int64, path Path) ([]int32, error) {
	if readQueueNums <= 0 || readQueueNums > 1<<16 {
		return nil, invalid("readQueueNums", "readQueueNums must be in [1, 65536], got "+strconv.Itoa(readQueueNums))
	}
	if offset < 0 || (path == PathFile && offset >= 100) {
		return nil, invalid("offset", "offset must be in [0, 100) on the file path and at least 0 on the KV path, got "+strconv.FormatInt(offset, 10))
	}
	n := int64(readQueueNums)
	order := make([]int32, readQueueNums)
	for i := int64(0); i < n; i++ {
		base := i
		if asc {
			base = n - 1 - i
		}
		order[i] = int32(base+offset) % int32(n)
	}
	return order, nil
}
