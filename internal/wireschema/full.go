package wireschema

// The full build's analysis, doctor, broker-assignment and go-producer ops.

var fullCustoms = []CustomType{}

var fullOps = []Op{}
