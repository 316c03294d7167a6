package live

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/rmqalloc/rmqalloc/alloc/route"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
)

// Snapshot is one read of a group: the texts mqadmin 4.9.3 prints for it.
type Snapshot struct {
	Group      string
	NameServer string
	// Routes are `mqadmin topicRoute -t T`, one per topic read.
	Routes []RouteText
	// TopicStatus are `mqadmin topicStatus -t T`, for the topics of Routes
	// whose every broker answered: the messages in queues written but not
	// read show there only.
	TopicStatus []RouteText
	// Connection is `mqadmin consumerConnection -g G`; "" when the group
	// has no consumer online, and then ConnectionErr is what mqadmin
	// prints on stderr ("... CODE: 206  DESC: the consumer group[G] not
	// online BROKER: ...").
	Connection    string
	ConnectionErr string
	// Progress is `mqadmin consumerProgress -g G -s true`: the rows of
	// the brokers that answered; "" when none has an offset of the group
	// (or none answered).
	Progress string
	// ProgressErr is what mqadmin would print on stderr (progress.err):
	// each broker that did not give its consume stats, and mqadmin's
	// CODE 206 "offset table is empty" when no broker holds an offset (a
	// BROADCASTING group's offsets are its clients'). The doctor marks the
	// queues it hides unknown.
	ProgressErr string
	// StatusErr is consumerStatus's stderr (status/stderr.txt): each
	// client that did not answer its running-info request.
	StatusErr string
	// Status are the files `mqadmin consumerStatus -g G` writes, one per
	// client that answered, sorted by client ID.
	Status []StatusText
	// ParsedConnection and ParsedProgress, set by Session.SnapshotDirect
	// instead of Connection and Progress, are those texts as the doctor
	// reads them.
	ParsedConnection *mqadmin.Connection
	ParsedProgress   *mqadmin.Progress
	// Millis is when the read ended (the status folder's name).
	Millis int64
	// Warnings say what was left out and why (a client that did not
	// answer, a group with no consumer online).
	Warnings []string
}

// RouteText is one topic's route text.
type RouteText struct {
	Topic string
	Text  string
	// Route, set by Session.SnapshotDirect instead of Text, is the route
	// as the doctor reads it.
	Route *route.Route
}

// StatusText is one client's consumerStatus file.
type StatusText struct {
	ClientID string
	Text     string
	// Info, set by Session.SnapshotDirect instead of Text, is the file as
	// the doctor reads it.
	Info *mqadmin.RunningInfo
}

// Offline: no consumer of the group is online (the broker said 206).
func (s *Snapshot) Offline() bool {
	return s.Connection == "" && s.ParsedConnection == nil && strings.Contains(s.ConnectionErr, "CODE: 206")
}

// Files is the snapshot as a folder of saved outputs, path → text (the
// layout of the samples and of testdata/cluster/*/): route.txt (one topic;
// with several, route.txt for the first and route.<TOPIC>.txt for each
// other), connection.txt (+ connection.err when offline), progress.txt,
// status/<millis>/<clientId>.
func (s *Snapshot) Files() map[string]string {
	f := map[string]string{"connection.txt": s.Connection, "progress.txt": s.Progress}
	if s.ConnectionErr != "" {
		f["connection.err"] = s.ConnectionErr
	}
	if s.ProgressErr != "" {
		f["progress.err"] = s.ProgressErr
	}
	if s.StatusErr != "" {
		f["status/stderr.txt"] = s.StatusErr
	}
	for i, r := range s.Routes {
		if i == 0 {
			f["route.txt"] = r.Text
		} else {
			f["route."+r.Topic+".txt"] = r.Text
		}
	}
	if len(s.Routes) == 0 {
		f["route.txt"] = ""
	}
	for _, ts := range s.TopicStatus {
		if len(s.Routes) > 0 && ts.Topic == s.Routes[0].Topic {
			f["topicStatus.txt"] = ts.Text
		} else {
			f["topicStatus."+ts.Topic+".txt"] = ts.Text
		}
	}
	f["captured-at.txt"] = s.capturedAt() + "\n"
	dir := "status/" + strconv.FormatInt(s.Millis, 10) + "/"
	for _, st := range s.Status {
		f[dir+st.ClientID] = st.Text
	}
	return f
}

// Save writes Files under dir (created; files already there are
// overwritten, others kept).
func (s *Snapshot) Save(dir string) error {
	files := s.Files()
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		p := filepath.Join(dir, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(files[n]), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Input is the doctor's input from the snapshot, as it reads the saved
// folder: route.txt with its topic left to the doctor, route.<T>.txt as
// topic T, the status files by client ID.
func (s *Snapshot) Input() doctor.Input {
	in := doctor.Input{Connection: s.Connection, ParsedConnection: s.ParsedConnection, Progress: s.Progress, ParsedProgress: s.ParsedProgress, ProgressErr: s.ProgressErr, StatusErr: s.StatusErr, CapturedAt: s.capturedAt()}
	if s.Connection == "" && s.ParsedConnection == nil && s.ConnectionErr != "" {
		// What mqadmin prints for a group with no consumer online (the
		// doctor reads it as GROUP_OFFLINE), or when no broker answered.
		in.Connection = s.ConnectionErr
	}
	for i, r := range s.Routes {
		t := r.Topic
		if i == 0 {
			t = ""
		}
		in.Routes = append(in.Routes, doctor.RouteText{Topic: t, Text: r.Text, Route: r.Route})
	}
	for _, st := range s.Status {
		in.Status = append(in.Status, doctor.StatusText{Name: st.ClientID, Text: st.Text, Info: st.Info})
	}
	for _, ts := range s.TopicStatus {
		t := ts.Topic
		if len(s.Routes) > 0 && t == s.Routes[0].Topic {
			t = ""
		}
		in.TopicStatus = append(in.TopicStatus, doctor.TopicStatusText{Topic: t, Text: ts.Text})
	}
	return in
}

// capturedAt is when the read ended, as captured-at.txt holds it (UTC).
func (s *Snapshot) capturedAt() string {
	return time.UnixMilli(s.Millis).UTC().Format("2006-01-02T15:04:05.000Z")
}

// statusDirName tells a status/<millis> folder.
func statusDirName(name string) bool {
	return name != "" && strings.Trim(name, "0123456789") == ""
}
