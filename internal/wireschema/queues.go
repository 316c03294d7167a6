package wireschema

// The ops on queue lists, consumer lists and producers, which both builds
// serve: topics, allocation, selection, routes, producers, meta.

var queueCustoms = []CustomType{}

var queueOps = []Op{}
