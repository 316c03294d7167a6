package producer

import (
	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/javalang"
)

// HashKey is the Java hashCode() of the argument handed to
// SelectMessageQueueByHash. Build it with StringKey, IntKey or LongKey, or
// convert any other object's Java hashCode directly: HashKey(h).
type HashKey int32

// StringKey is Java's String.hashCode: h = 31*h + unit over the UTF-16 code
// units of s, wrapping at 32 bits. StringKey("polygenelubricants") is
// Integer.MIN_VALUE.
func StringKey(s string) HashKey { return HashKey(javalang.HashCode(s)) }

// IntKey is Integer.hashCode: the value itself.
func IntKey(v int32) HashKey { return HashKey(v) }

// LongKey is Long.hashCode: (int)(v ^ (v >>> 32)).
func LongKey(v int64) HashKey { return HashKey(javalang.LongHashCode(v)) }

// HashIndex is the index SelectMessageQueueByHash picks among n queues:
// i = hashCode % n (Java's truncating remainder), and -i if that is
// negative. n == 0 fails with ArithmeticException "/ by zero", as Java does
// for an empty list; a negative n is an IllegalArgumentException.
//
// Example: "polygenelubricants" hashes to -2147483648; with 16 queues
// -2147483648 % 16 = 0, so index 0; with 10 queues the remainder is -8 and
// the index 8.
func HashIndex(key HashKey, n int) (int, error) {
	if n <= 0 {
		return 0, countError("mqs", n)
	}
	i := int64(key) % int64(n)
	if i < 0 {
		i = -i
	}
	return int(i), nil
}

// SelectHash is SelectMessageQueueByHash.select: mqs[HashIndex(key,
// len(mqs))]. An empty mqs fails with ArithmeticException "/ by zero".
func SelectHash(mqs []alloc.MessageQueue, key HashKey) (alloc.MessageQueue, error) {
	i, err := HashIndex(key, len(mqs))
	if err != nil {
		return alloc.MessageQueue{}, err
	}
	return mqs[i], nil
}

// SelectMachineRoom is SelectMessageQueueByMachineRoom.select, which
// upstream never implemented: it returns null in every client version
// (4.9.3 and 5.3.3 alike), and DefaultMQProducer then fails the send with
// MQClientException "select message queue return null.". This function is
// honest about it: ok is always false.
func SelectMachineRoom(mqs []alloc.MessageQueue) (q alloc.MessageQueue, ok bool) {
	return alloc.MessageQueue{}, false
}

// countError: Java's "/ by zero" for an empty list; a negative count cannot
// come from a Java list at all.
func countError(field string, n int) error {
	if n == 0 {
		return &alloc.Error{Kind: alloc.ErrArithmetic, JavaClass: alloc.ArithmeticException, Field: field, Msg: "/ by zero"}
	}
	return &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.IllegalArgumentException, Field: field, Msg: "queue count must not be negative"}
}
