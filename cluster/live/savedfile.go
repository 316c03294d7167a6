package live

import (
	"errors"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
)

// readSaved is a saved file's text, refused unread when it is larger than
// the doctor takes (doctor.MaxInputBytes): a 200 MB file costs a stat,
// not its reading. A file that grows while read is cut at the limit and
// refused too.
func readSaved(path string) (string, error) {
	text, over, err := ReadBounded(path, doctor.MaxInputBytes)
	if over != "" {
		return "", tooBig(path, over)
	}
	return text, err
}

// ReadBounded is file's text unless it holds more than limit bytes: then
// over says how many ("more than limit" when it grew while read), and a
// regular file's size is enough to refuse it unread. Sized by the stat,
// the text is read once into its final string: a growing buffer and a
// copy into a string allocated 3.4 times the text.
func ReadBounded(file string, limit int) (text, over string, err error) {
	f, err := os.Open(file)
	if err != nil {
		return "", "", err
	}
	defer f.Close()
	var b strings.Builder
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		if st.Size() > int64(limit) {
			return "", strconv.FormatInt(st.Size(), 10), nil
		}
		b.Grow(int(st.Size()) + 1)
	}
	if _, err := io.Copy(&b, io.LimitReader(f, int64(limit)+1)); err != nil {
		return "", "", err
	}
	if b.Len() > limit {
		return "", "more than " + strconv.Itoa(limit), nil
	}
	return b.String(), "", nil
}

// tooBig refuses a file of size bytes ("more than N" when it grew while read).
func tooBig(path, size string) error {
	return errors.New(path + ": " + size + " bytes, over the doctor's limit of " + strconv.Itoa(doctor.MaxInputBytes) + " bytes for one file (docs/doctor-limits.md): not the output of one mqadmin command")
}

// capturedAtText is captured-at.txt's text in any encoding the outputs
// may have (UTF-16 with its BOM, a UTF-8 BOM), else the error saying why
// it is not text.
func capturedAtText(path string) (string, error) {
	raw, err := readSaved(path)
	if err != nil {
		return "", err
	}
	t, err := mqadmin.DecodeText(raw)
	if err != nil {
		return "", errors.New(path + ": " + err.Error())
	}
	return t, nil
}

// Files says which file of a saved folder each of the doctor's boxes was
// read from ("route", "route[1]", "connection", "progress", "status[2]"),
// so an input error names the file.
type Files map[string]string

// Explain is err with its box replaced by the file it was read from,
// e.g. "dir/progress.txt: line 7: ..." for "progress: line 7: ...".
func (f Files) Explain(err error) error {
	var te *alloc.TextError
	if !errors.As(err, &te) {
		return err
	}
	path, ok := f[te.Source]
	if !ok {
		return err
	}
	c := *te
	c.Source = path
	c.Msg = strings.TrimSuffix(c.Msg, " (file "+strconv.Quote(pathBase(path))+")")
	return &c
}

func pathBase(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}
