package doctor

import (
	"strconv"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// The sizes the doctor judges within its time and memory goal (a second
// and well under 1 GB for the largest, measured in BenchmarkDoctorLimits):
// larger input is refused before anything that grows with it is built,
// naming the limit and the value, so a lying or damaged number (a route
// with readQueueNums 500000) cannot exhaust the machine. Real groups are
// far smaller: a topic has tens to a few thousand queues.
// docs/doctor-limits.md lists them.
const (
	MaxQueuesPerTopic = 65536     // readable or writable queues of one topic, over its brokers
	MaxQueuesTotal    = 262144    // the same over every topic given
	MaxTopics         = 1024      // routes given
	MaxBrokers        = 1024      // brokers of one route
	MaxClients        = 10000     // connection lines, and status files
	MaxInputBytes     = 64 << 20  // one text (a file)
	MaxInputTotal     = 128 << 20 // every text of one snapshot together
)

// limitError refuses input over a limit.
func limitError(box, what string, value, limit int) *alloc.TextError {
	return &alloc.TextError{Source: box, Msg: what + " is " + strconv.Itoa(value) + ", over the doctor's limit of " + strconv.Itoa(limit) + " (docs/doctor-limits.md): refused rather than judged slowly or not at all"}
}

// checkInputSize bounds the texts before any is read.
func checkInputSize(in Input) error {
	total := 0
	one := func(box, text string) error {
		if len(text) > MaxInputBytes {
			return limitError(box, "the text's size in bytes", len(text), MaxInputBytes)
		}
		total += len(text)
		return nil
	}
	if len(in.Routes) > MaxTopics {
		return limitError("route", "the number of routes (topics)", len(in.Routes), MaxTopics)
	}
	if len(in.Status) > MaxClients {
		return limitError("status", "the number of status files", len(in.Status), MaxClients)
	}
	for i, r := range in.Routes {
		if err := one(routeBox(len(in.Routes), i), r.Text); err != nil {
			return err
		}
	}
	if err := one("connection", in.Connection); err != nil {
		return err
	}
	if err := one("progress", in.Progress); err != nil {
		return err
	}
	for i, s := range in.Status {
		if err := one("status["+strconv.Itoa(i)+"]", s.Text); err != nil {
			return err
		}
	}
	if total > MaxInputTotal {
		return limitError("input", "the size of all texts together in bytes", total, MaxInputTotal)
	}
	return nil
}

func routeBox(n, i int) string {
	if n > 1 {
		return "route[" + strconv.Itoa(i) + "]"
	}
	return "route"
}

// checkSizes bounds what was read: queues, brokers and clients.
func checkSizes(t *texts) error {
	total := 0
	for i, r := range t.routes {
		box := t.routeBox[i]
		if len(r.QueueDatas) > MaxBrokers || len(r.BrokerDatas) > MaxBrokers {
			return limitError(box, "the number of brokers in the route", max(len(r.QueueDatas), len(r.BrokerDatas)), MaxBrokers)
		}
		queues := 0
		for _, qd := range r.QueueDatas {
			n := max(int(qd.ReadQueueNums), int(qd.WriteQueueNums), 0)
			if n > MaxQueuesPerTopic {
				return limitError(box, "readQueueNums/writeQueueNums of broker "+quote(qd.BrokerName), n, MaxQueuesPerTopic)
			}
			queues += n
		}
		if queues > MaxQueuesPerTopic {
			return limitError(box, "the number of queues of the topic", queues, MaxQueuesPerTopic)
		}
		total += queues
	}
	if total > MaxQueuesTotal {
		return limitError("route", "the number of queues of all topics", total, MaxQueuesTotal)
	}
	if t.prog != nil && len(t.prog.Rows) > MaxQueuesTotal {
		return limitError("progress", "the number of queue lines", len(t.prog.Rows), MaxQueuesTotal)
	}
	if t.conn != nil && len(t.conn.Clients) > MaxClients {
		return limitError("connection", "the number of connections", len(t.conn.Clients), MaxClients)
	}
	return nil
}
