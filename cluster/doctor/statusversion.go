package doctor

import (
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// checkStatusVersions: a client reports its version to the broker (the
// connection's #Language and #Version) and in its running info
// (PROP_CLIENT_VERSION: the same MQVersion name for Java clients, the
// library's own "v2.x" for Go ones). A status file named after a client
// whose connection lines all disagree with it is another client's status
// (4.x files print no clientIP/instanceName to tell it otherwise).
func checkStatusVersions(t *texts) error {
	if t.conn == nil {
		return nil
	}
	for _, sf := range t.status {
		v := strings.TrimSpace(sf.info.Properties["PROP_CLIENT_VERSION"])
		name := strings.TrimSuffix(sf.name, ".txt")
		if v == "" || name == "" {
			continue
		}
		var lines []string
		agrees := false
		for _, c := range t.conn.Clients {
			if c.ClientID != name {
				continue
			}
			if versionAgrees(c.Language, c.Version, v) {
				agrees = true
				break
			}
			lines = append(lines, "line "+itoa(c.Line)+": "+c.Language+" "+c.Version)
		}
		if agrees || len(lines) == 0 {
			continue
		}
		return &alloc.TextError{Source: sf.box, Msg: "the file is named " + quote(sf.name) + ", but its PROP_CLIENT_VERSION " + v + " contradicts that client's connection line (" + strings.Join(lines, "; ") + "): the status of another client, renamed or mixed up; name each file by its client ID"}
	}
	return nil
}

// versionAgrees: what the status prints can come from the client the
// connection line describes. Unknown forms (other languages, a newer
// broker's names for versions it does not know) agree.
func versionAgrees(lang, connVersion, statusVersion string) bool {
	switch {
	case isGoClientVersion(statusVersion):
		return lang != "JAVA"
	case isJavaVersion(statusVersion):
		if lang == "GO" {
			return false
		}
		return lang != "JAVA" || !isJavaVersion(connVersion) || connVersion == statusVersion
	}
	return true
}
