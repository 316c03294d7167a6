// Package candidate holds allocation strategies a consumer group could adopt
// instead of the built-in ones, for groups whose members all run them:
// Rendezvous (highest-random-weight hashing), BoundedLoad (consistent
// hashing with bounded loads, Mirrokni, Thorup and Zadimoghaddam 2018) and
// Sticky (rendezvous preferences under exact balance quotas).
//
// RocketMQ members share no state: each computes its own share from the
// same sorted queue list and client-ID list. So every strategy here is a
// pure function of (mqAll, cidAll): every member computes the same plan
// and each queue has exactly one owner. None of them is in any RocketMQ
// client; the hashes are specified below so another client can implement
// them bit for bit.
//
// Hashes: key64(s) is the first 8 bytes, big-endian, of MD5 of s's UTF-8
// bytes. A queue's key is its Java display string (MessageQueue.String),
// a member's key its client ID. Rendezvous and Sticky weigh a pair as
// mix64(key64(queue) XOR key64(member)), where mix64 is SplitMix64's
// finalizer; BoundedLoad puts member m's virtual node i at
// key64(m + "#" + i) on the ring and queue q at key64(q).
package candidate
