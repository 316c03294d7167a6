// Package mqadmin reads what RocketMQ's admin tool prints: the output of
// `mqadmin topicRoute`, `consumerConnection`, `consumerProgress` and
// `consumerStatus`, as pasted by a person (CRLF, trailing spaces, a
// terminal's wrapped header, log lines before the header, a BOM).
//
// Every parser either reads the whole text or fails with an *alloc.TextError
// naming the line and column and saying what was expected; nothing half
// read is returned. Results carry camelCase json tags so a boundary can
// encode them as they are.
//
// The formats are described in docs/cluster-formats.md (Java's %-Ns pads
// and never cuts; consumerProgress cuts topics to 64 and broker names to 32
// characters).
package mqadmin
