package producer

import (
	"math/bits"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/javalang"
)

// GroupClient names a RocketMQ 5 gRPC client family, whose ways of mapping
// a message group to a queue differ.
type GroupClient int

const (
	// GroupJava is the Java client (Guava's Hashing.sipHash24()) and the Go
	// client, which agree: index = floorMod(h, n) with h the SipHash taken
	// as a signed 64-bit value. It is the zero value.
	GroupJava GroupClient = iota
	// GroupNodeJS1_0_8 is the Node.js client rocketmq-client-nodejs 1.0.8:
	// it reads the digest bytes big-endian, i.e. bswap64(h) as an unsigned
	// value, and takes that mod n. It picks a different queue than the
	// Java client for most groups once n > 1, so producers of one group
	// written in both languages split the group's ordering.
	GroupNodeJS1_0_8
)

// String is the profile name of the client: "grpc-java" or
// "grpc-nodejs-1.0.8".
func (c GroupClient) String() string {
	switch c {
	case GroupJava:
		return "grpc-java"
	case GroupNodeJS1_0_8:
		return "grpc-nodejs-1.0.8"
	}
	return "GroupClient(?)"
}

// MessageGroupHash is the SipHash-2-4 of the group's UTF-8 bytes under the
// key bytes 00..0f, as the gRPC clients compute it. MessageGroupHash("") is
// 0x726fdb47dd0e0e31.
func MessageGroupHash(group string) uint64 {
	return sipHash24(0x0706050403020100, 0x0f0e0d0c0b0a0908, []byte(group))
}

// MessageGroupIndex is the index among n queues that client c sends
// messages of group to.
//
// Example: group "" hashes to 0x726fdb47dd0e0e31 = 8246050544436514353;
// with 2 queues the Java client takes index 1 (the value is odd), while the
// Node.js client 1.0.8 takes bswap64 = 0x310e0edd47db6f72, which is even:
// index 0.
//
// n == 0 fails with ArithmeticException (Guava's "Modulus must be positive";
// the Node.js client throws a RangeError there, reported with the same
// class); a negative n or an unknown client is an IllegalArgumentException.
func MessageGroupIndex(group string, n int, c GroupClient) (int, error) {
	if n <= 0 {
		if n == 0 {
			return 0, &alloc.Error{Kind: alloc.ErrArithmetic, JavaClass: alloc.ArithmeticException, Field: "mqs", Msg: "Modulus must be positive"}
		}
		return 0, countError("mqs", n)
	}
	h := MessageGroupHash(group)
	switch c {
	case GroupJava:
		return int(javalang.FloorMod(int64(h), int64(n))), nil
	case GroupNodeJS1_0_8:
		return int(bits.ReverseBytes64(h) % uint64(n)), nil
	}
	return 0, &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.IllegalArgumentException, Field: "client", Msg: "unknown gRPC client variant"}
}

// SelectMessageGroup returns mqs[MessageGroupIndex(group, len(mqs), c)].
func SelectMessageGroup(mqs []alloc.MessageQueue, group string, c GroupClient) (alloc.MessageQueue, error) {
	i, err := MessageGroupIndex(group, len(mqs), c)
	if err != nil {
		return alloc.MessageQueue{}, err
	}
	return mqs[i], nil
}
