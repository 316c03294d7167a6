// Package javalang reproduces the few pieces of java.lang behaviour that
// RocketMQ's allocation and selection results depend on: String ordering by
// UTF-16 code units, String.hashCode, String.split with a literal separator,
// Character.isWhitespace and 32-bit integer arithmetic.
//
// Go strings are UTF-8; Java strings are UTF-16. Every function here takes a
// Go string and answers what Java would answer for the same text.
package javalang
