// Package priority models how a RocketMQ 5.4 broker (RIP-80, apache/rocketmq
// #9929) drains the queues of a topic for one POP request: which retry and
// normal queues it reads, in which order, and how many messages each gives.
//
// On a PRIORITY topic a message of priority p sits on queue
// min(p, writeQueueNums-1) (see producer.PriorityQueue), so the order the
// broker visits queues is the order priorities are served. The broker visits
// every read queue of the topic once per request, starting from a rotation
// offset: with priorityOrderAsc (the broker default, "0 as the lowest
// priority") from the last queue down to queue 0, otherwise from queue 0 up.
// A request in "priority mode" uses offset 0, so it always starts at the
// highest-priority queue; any other request starts at a rotated position,
// which spreads consumers over the queues as on a normal topic.
//
// Whether a request is in priority mode comes from the group attribute
// priority.factor (0..100, default 100, 0 turns priority mode off): the
// share of requests, out of 100, that use it. The two pop paths of the
// broker draw differently, so there are two deciders: Decide for the
// default file-based path (a draw of random.nextInt(100) per request,
// passed in by the caller) and DecideKV for the key-value pop service
// (popConsumerKVServiceEnable, a per group@topic request counter).
//
// Not modelled: queue locks held by a concurrent request, the in-flight
// threshold (enablePopMessageThreshold), filters, the message store's own
// per-read transfer limits, and the choice between retry topic v1 and v2.
package priority
