package live

import (
	"encoding/binary"
	"encoding/json"
	"strconv"
)

// A remoting frame (RemotingCommand on the wire):
//
//	int32 length            big endian: every byte after this field
//	int32 header word       high byte: serialize type (0 = JSON), low 3 bytes: header length
//	header                  JSON {code, language, version, opaque, flag, remark, extFields}
//	body                    the rest: fastjson text for the calls made here
const (
	serializeJSON  = 0
	flagResponse   = 1        // RemotingCommand RPC_TYPE bit: this frame answers a request
	maxFrameLength = 64 << 20 // a bound against garbage lengths, well above any answer here
	languageJava   = "JAVA"   // what mqadmin sends; brokers answer every language alike
	versionV4_9_3  = 399      // MQVersion.Version.V4_9_3.ordinal(), mqadmin 4.9.3's version
)

// Command is one request or response.
type Command struct {
	Code      int               `json:"code"`
	ExtFields map[string]string `json:"extFields,omitempty"`
	Flag      int               `json:"flag"`
	Language  string            `json:"language"`
	Opaque    int32             `json:"opaque"`
	Remark    string            `json:"remark,omitempty"`
	Serialize string            `json:"serializeTypeCurrentRPC,omitempty"`
	Version   int               `json:"version"`
	Body      []byte            `json:"-"`
}

// newRequest is a request as mqadmin sends it: JSON header, Java, 4.9.3.
func newRequest(code int, opaque int32, ext map[string]string) *Command {
	return &Command{Code: code, ExtFields: ext, Language: languageJava, Opaque: opaque, Serialize: "JSON", Version: versionV4_9_3}
}

// Encode is the frame of c, length field included.
func (c *Command) Encode() []byte {
	h, _ := json.Marshal(c) // a struct of strings and ints: cannot fail
	out := make([]byte, 8, 8+len(h)+len(c.Body))
	binary.BigEndian.PutUint32(out[0:4], uint32(4+len(h)+len(c.Body)))
	binary.BigEndian.PutUint32(out[4:8], uint32(serializeJSON)<<24|uint32(len(h)))
	out = append(out, h...)
	return append(out, c.Body...)
}

// IsResponse tells a response from a request.
func (c *Command) IsResponse() bool { return c.Flag&flagResponse != 0 }

// FrameLength is the length of the frame that starts with prefix (its
// first 4 bytes), prefix included; an error for a length no RocketMQ
// server sends (not a RocketMQ port, most likely).
func FrameLength(prefix []byte) (int, error) {
	if len(prefix) < 4 {
		return 0, protocolErr("a frame starts with 4 length bytes")
	}
	n := binary.BigEndian.Uint32(prefix)
	if n < 4 || n > maxFrameLength {
		return 0, protocolErr("frame length " + strconv.FormatUint(uint64(n), 10) + " is not a RocketMQ frame (is this a RocketMQ port?)")
	}
	return int(n) + 4, nil
}

// DecodeFrame reads one whole frame, length field included.
func DecodeFrame(frame []byte) (*Command, error) {
	n, err := FrameLength(frame)
	if err != nil {
		return nil, err
	}
	if len(frame) != n {
		return nil, protocolErr("frame of " + strconv.Itoa(len(frame)) + " bytes, its length field says " + strconv.Itoa(n))
	}
	word := binary.BigEndian.Uint32(frame[4:8])
	if t := word >> 24; t != serializeJSON {
		return nil, protocolErr("header serialize type " + strconv.Itoa(int(t)) + " is not JSON (0)")
	}
	hl := int(word & 0xFFFFFF)
	if 8+hl > n {
		return nil, protocolErr("header length " + strconv.Itoa(hl) + " runs past the frame's " + strconv.Itoa(n) + " bytes")
	}
	var c Command
	if err := json.Unmarshal(frame[8:8+hl], &c); err != nil {
		return nil, protocolErr("frame header is not JSON: " + err.Error())
	}
	c.Body = frame[8+hl:]
	return &c, nil
}
