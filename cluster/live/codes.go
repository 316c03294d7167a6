package live

// Request codes (RequestCode) and response codes (ResponseCode) used here.
const (
	codeGetRouteInfoByTopic       = 105 // NameServer: a topic's route
	codeGetConsumerConnectionList = 203 // broker: a group's connections and subscription
	codeGetConsumeStats           = 208 // broker: a group's offsets on that broker
	codeGetConsumerRunningInfo    = 307 // broker, passed to one client: its running info

	respSuccess           = 0
	respSystemError       = 1
	respNoPermission      = 16  // ACL: the broker refuses the request
	respTopicNotExist     = 17  // NameServer: no route for the topic
	respConsumerNotOnline = 206 // the group (or client) has no connection on this broker
	codeConsumeMsgTimeout = 207 // CONSUME_MSG_TIMEOUT: the client did not answer the broker's call in time
)
