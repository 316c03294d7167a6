//go:build !(js && wasm)

package main

import (
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc/clients"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// version is the release both builds print (rmqalloc --version); a test
// holds it equal to js/package.json's.
const version = "0.2.0"

// flagSpec is one flag of a command: the one table both builds parse by
// (js/bin/spec.generated.js is written from it by TestSpecGeneratedJS).
type flagSpec struct {
	Name     string `json:"name"`               // without the dashes
	Value    string `json:"value,omitempty"`    // the value's placeholder; "" = a switch
	Multiple bool   `json:"multiple,omitempty"` // may be repeated, each value kept
	Default  string `json:"default,omitempty"`  // what an absent flag means, as help says it
	Short    string `json:"short,omitempty"`    // a one-letter alias (-h)
}

// liveFlags read a group from the cluster: doctor --namesrv (and the
// monitor). Secured clusters' flags (--credentials, --tls, ...) belong here.
var liveFlags = []flagSpec{
	{Name: "namesrv", Value: "HOST:PORT"},
	{Name: "group", Value: "GROUP"},
	{Name: "topic", Value: "T", Multiple: true, Default: "every topic the group subscribes to"},
	{Name: "timeout", Value: "DUR", Default: "5s"},
	{Name: "save", Value: "DIR"},
	{Name: "watch", Value: "INTERVAL"},
	{Name: "count", Value: "N", Default: "until Ctrl-C"},
	// Secured clusters (docs/security.md): the key pair, else
	// $RMQALLOC_ACCESS_KEY and $RMQALLOC_SECRET_KEY; remoting over TLS.
	{Name: "credentials", Value: "FILE"},
	{Name: "tls"},
	{Name: "tls-ca", Value: "FILE"},
	{Name: "tls-insecure"},
}

// savedFlags name the files of one saved snapshot.
var savedFlags = []flagSpec{
	{Name: "route", Value: "[TOPIC=]FILE", Multiple: true},
	{Name: "connection", Value: "FILE"},
	{Name: "progress", Value: "FILE"},
	{Name: "status", Value: "DIR|FILE", Multiple: true},
	{Name: "captured-at", Value: "TIME", Default: "the newest #LastTime"},
}

// judgeFlags say how the doctor judges, whatever the source.
var judgeFlags = []flagSpec{
	{Name: "strategy", Value: "NAME", Default: "AVG"},
	{Name: "profile", Value: "P", Default: "from the connection's Language/Version"},
	{Name: "stuck-after", Value: "DUR", Default: "5m"},
	{Name: "json"},
	{Name: "help", Short: "h"},
}

func concat(groups ...[]flagSpec) []flagSpec {
	var out []flagSpec
	for _, g := range groups {
		out = append(out, g...)
	}
	return out
}

// commandFlags: every command's flags.
var commandFlags = map[string][]flagSpec{
	"doctor": concat(liveFlags, savedFlags, judgeFlags),
	"plan": {
		{Name: "route", Value: "[TOPIC=]FILE"},
		{Name: "topic", Value: "NAME", Default: "TopicTest"},
		{Name: "brokers", Value: "N|NAMES"},
		{Name: "queues", Value: "N", Default: "4"},
		{Name: "consumers", Value: "N|IDS|@FILE"},
		{Name: "strategy", Value: "NAME", Default: "AVG"},
		{Name: "vnodes", Value: "N", Default: "10"},
		{Name: "profile", Value: "P", Default: "java-4.9.3"},
		{Name: "json"},
		{Name: "compare"},
		{Name: "markdown"},
		{Name: "help", Short: "h"},
	},
}

// Exit statuses, the same in both builds.
const (
	exitOK        = 0 // all ok
	exitProblems  = 1 // problems costing messages or duplicates
	exitBadInput  = 2 // bad input, a cluster that cannot be read, or a build that cannot do it
	exitNotJudged = 3 // doctor: no owner information to judge by, or the cluster did not answer
	exitFailed    = 4 // rmqalloc failed
)

// strategiesText is "AVG, AVG_BY_CIRCLE or CONSISTENT_HASH".
func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

var (
	strategies = doctor.SimulatedStrategies()
	profiles   = clients.Names()
)

// mainHelp is `rmqalloc --help`.
var mainHelp = `rmqalloc ` + version + ` — which RocketMQ consumer gets which queue, exactly as
the real clients compute it

Usage:
  rmqalloc doctor --namesrv HOST:PORT --group GROUP [--watch INTERVAL]
      diagnose a live consumer group, read from the cluster: which queues
      are owned wrongly, and why
  rmqalloc doctor FOLDER
  rmqalloc doctor --route FILE --connection FILE --progress FILE
      the same from the saved output of mqadmin
  rmqalloc doctor FOLDER1 FOLDER2 ...
      the same over several saved snapshots: owners over time, flapping,
      lag status, stuck consumers
  rmqalloc plan (--route FILE | --brokers N --queues N) --consumers N|IDS
      who gets which queue
  rmqalloc plan --compare --brokers N [--queues N] --consumers N
      every strategy side by side: balance, queues moved per change
  rmqalloc monitor ...
      watch groups and export metrics (the Go binary only)
  rmqalloc COMMAND --help    the options of a command
  rmqalloc --version

Strategies (--strategy, any case): ` + strings.Join(strategies, ", ") + `

Without cluster access, run these three, then rmqalloc doctor on the files:
  mqadmin topicRoute -n NAMESRV -t TOPIC               > route.txt
  mqadmin consumerConnection -n NAMESRV -g GROUP       > connection.txt
  mqadmin consumerProgress -n NAMESRV -g GROUP -s true > progress.txt
  rmqalloc doctor --route route.txt --connection connection.txt \
    --progress progress.txt
(or keep them in a folder as route.txt, connection.txt, progress.txt:
rmqalloc doctor FOLDER)

Exit status: 0 all ok, 1 problems found, 2 bad input, 3 nothing to judge
by (doctor: no owner information, or the cluster did not answer), 4
rmqalloc failed.
Errors are one line on stderr; with --json, {"error":{...}} on stdout.`

// doctorHelp is `rmqalloc doctor --help`.
var doctorHelp = `Usage: rmqalloc doctor --namesrv HOST:PORT --group GROUP [--topic T ...]
                       [--timeout DUR] [--save DIR] [options]
       rmqalloc doctor --namesrv HOST:PORT --group GROUP --watch INTERVAL
                       [--count N] [--save DIR] [options]
       rmqalloc doctor FOLDER [options]
       rmqalloc doctor FOLDER1 FOLDER2 ... [--strategy NAME] [--profile P]
                       [--json]
       rmqalloc doctor --route [TOPIC=]FILE --connection FILE
                       (--progress FILE | --status DIR|FILE ...) [options]

Compares which consumer holds each queue with what the members' own
allocate calls give, and says what is wrong and why.

Read the group from the cluster (what mqadmin topicRoute,
consumerConnection, consumerProgress -s true and consumerStatus ask):
  --namesrv HOST:PORT  the NameServer
  --group GROUP        the consumer group
  --topic T            a topic to diagnose (repeat); default: every topic
                       the group subscribes to
  --timeout DUR        bound on the whole read (the Go binary's: and the
                       diagnosis): 5s (default), 1500ms, 2m; a server
                       silent for half of it is given up, and what it
                       holds is reported unknown
  --save DIR           also save what was read as a FOLDER (below);
                       rmqalloc doctor DIR gives the same report later
  --watch INTERVAL     a snapshot every INTERVAL (10s, 1m, ...), then the
                       report over time (as for several FOLDERs); with
                       --save the snapshots are DIR/1, DIR/2, ...
  --count N            with --watch: stop after N snapshots (default: at
                       Ctrl-C, which reports what was taken)

Secured clusters (with --namesrv; docs/security.md):
  --credentials FILE   access key pair for a cluster with ACL on: lines
                       accessKey: KEY and secretKey: SECRET (mqadmin's
                       conf/tools.yml); default: $RMQALLOC_ACCESS_KEY and
                       $RMQALLOC_SECRET_KEY
  --tls                remoting over TLS, the certificate checked against
                       the system's roots
  --tls-ca FILE        ... against this PEM CA instead (implies --tls)
  --tls-insecure       TLS without checking the certificate (implies --tls)

Or from saved outputs:
  --route FILE         mqadmin topicRoute -t TOPIC; repeat for more
                       topics, as TOPIC=FILE when the topic cannot be told
                       from the progress
  --connection FILE    mqadmin consumerConnection -g GROUP
  --progress FILE      mqadmin consumerProgress -g GROUP -s true (optional
                       when --status files are given)
  --status DIR|FILE    the files mqadmin consumerStatus -g GROUP writes,
                       one per client, named by client ID (a directory:
                       every file in it; a FILE with several clients' texts
                       is split at each #Consumer Properties# line)
  --captured-at TIME   when the outputs were taken (RFC 3339, UTC); dates
                       the stuck-consumer check (default: the newest
                       #LastTime)

Options:
  --strategy NAME      strategy of members whose status file names none:
                       ` + orList(strategies) + `
                       (any case; default ` + strategies[0] + `)
  --profile P          one client for every member (` + strings.Join(profiles[:len(profiles)-1], ", ") + `,
                       ` + profiles[len(profiles)-1] + `); default: from the connection's
                       Language/Version
  --stuck-after DUR    how long a held queue with messages waiting may go
                       without a consumption before its owner is
                       CONSUMER_STUCK (default 5m; at least 1s)
  --json               print the report as one JSON object (and errors as
                       {"error":{"code","message","file","line"}})
  -h, --help           this help

FOLDER holds the outputs saved as route.txt (route.TOPIC.txt for more
topics), connection.txt, progress.txt and/or status/ (the files, or the
<millis>/ folders mqadmin consumerStatus writes: the newest is read),
X.err for a failed command (an empty X.txt with X.err beside it is read
as that error), progress-c.txt for the per-topic form, and
captured-at.txt: the layout of --save. Options given as well take
precedence. A folder --watch --save wrote (DIR/1, DIR/2, ...) is read as
its series.

Several FOLDERs are snapshots of one group, in time order by
captured-at.txt (first line, e.g. 2026-12-01T19:08:32Z; else the newest
file's mtime, as the report says). The report adds the timeline: each
queue's owners over time, members that joined or left, queues flapping
between owners, whether a rebalance is still in progress, and per queue a
lag status over the window (OK, WARN lag never went down, STALL offset
not moving while others do, STOP the group consumed nothing, REWIND
offset went back); then the last snapshot's diagnosis.

FILE may be - for stdin. Exit status: 0 healthy, 1 problems costing
messages or duplicates, 2 bad input, 3 nothing to judge by (no owner
information: run consumerProgress with -s true, or give status files; or
the cluster did not answer), 4 rmqalloc failed. A cluster that answers in
part is reported in part: the queues a silent broker or member hides are
unknown.`

// planHelp is `rmqalloc plan --help`.
var planHelp = `Usage: rmqalloc plan (--route [TOPIC=]FILE [--topic NAME] |
                     --brokers N|NAMES [--queues N])
                     --consumers N|IDS|@FILE [--strategy NAME] [--vnodes N]
                     [--profile P] [--json]
       rmqalloc plan --compare --brokers N [--queues N] --consumers N
                     [--markdown | --json]

Who gets which queue: each consumer's own allocate call, run as the real
client runs it (queues and client IDs sorted first).

  --route [TOPIC=]FILE  mqadmin topicRoute -t TOPIC output (- for stdin):
                        its readable queues. The output does not name its
                        topic: it is TOPIC=, else --topic, else the file
                        name route.TOPIC.txt. Unnamed, AVG and
                        AVG_BY_CIRCLE still answer; CONSISTENT_HASH hashes
                        the topic into every queue's key and refuses
  --topic NAME          the topic's name (default with --brokers:
                        TopicTest)
  --brokers N|NAMES     N brokers named broker-a, broker-b, ... or a comma
                        list of names
  --queues N            queues per broker (default 4)
  --consumers N         N consumers named 192.168.1.1@4001,
                        192.168.1.2@4002, ...
  --consumers IDS       a comma list of client IDs
  --consumers @FILE     client IDs, one per line, or mqadmin
                        consumerConnection output
  --strategy NAME       ` + orList(strategies) + `
                        (any case; default ` + strategies[0] + `)
  --vnodes N            CONSISTENT_HASH virtual nodes per consumer
                        (default 10)
  --profile P           ` + orList(profiles) + `
                        (default ` + profiles[0] + `)
  --json                print { topic, strategy, profile, queues,
                        assignments } as JSON (topic null when nothing
                        names it)
  --compare             every strategy side by side on N brokers × --queues
                        queues and N generated consumers: balance, queues
                        moved on a join, a leave, a rolling restart, a
                        broker added, the queues doubled, and the
                        worst-case queue-seconds consumed twice
  --markdown            with --compare: the table as Markdown, as the
                        README publishes it (not fitted to the terminal)
  -h, --help            this help

Exit status: 0 done, 2 bad input.`

// commandHelp: each command's --help.
var commandHelp = map[string]string{"doctor": doctorHelp, "plan": planHelp}
