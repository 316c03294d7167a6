package live

// TLS says how to speak remoting over TLS (RocketMQ's tls.server.mode
// enforcing or permissive). The read verifies every server's certificate
// against CA (PEM), or the system's roots when CA is empty, for the host
// it dials (an IP address must be in the certificate's IP SANs), unless
// Insecure: then any certificate is taken, which only the flag
// --tls-insecure asks for.
type TLS struct {
	CA       []byte
	CAFile   string // where CA was read from, for messages
	Insecure bool
}
