package live

import "strconv"

// versionDesc is MQVersion.getVersionDesc: the name of the Version enum
// constant with that ordinal, HIGHER_VERSION past the last (as Java does
// for a client newer than the table).
func versionDesc(ordinal int) string {
	if ordinal < 0 {
		return versionNames[0]
	}
	if ordinal >= len(versionNames) {
		return "HIGHER_VERSION"
	}
	return versionNames[ordinal]
}

// versionNames is MQVersion.Version in ordinal order (4.9.3's table): 16
// names for 3.0.0, then a _SNAPSHOT and a release per version.
var versionNames = buildVersionNames()

func buildVersionNames() []string {
	out := []string{"V3_0_0_SNAPSHOT", "V3_0_0_ALPHA1"}
	for i := 1; i <= 5; i++ {
		out = append(out, "V3_0_0_BETA"+strconv.Itoa(i))
	}
	for i := 6; i <= 9; i++ {
		b := "V3_0_0_BETA" + strconv.Itoa(i)
		out = append(out, b+"_SNAPSHOT", b)
	}
	out = append(out, "V3_0_0_FINAL")
	add := func(major, minor, from, to int) {
		for p := from; p <= to; p++ {
			v := "V" + strconv.Itoa(major) + "_" + strconv.Itoa(minor) + "_" + strconv.Itoa(p)
			out = append(out, v+"_SNAPSHOT", v)
		}
	}
	add(3, 0, 1, 15)
	add(3, 1, 0, 9)
	add(3, 2, 0, 9)
	for minor := 3; minor <= 9; minor++ {
		add(3, minor, 1, 9)
	}
	for major := 4; major <= 5; major++ {
		for minor := 0; minor <= 9; minor++ {
			add(major, minor, 0, 9)
		}
	}
	return out
}

// versionV5_0_0 is MQVersion.Version.V5_0_0.ordinal(): a server answering
// with this version or a later one runs RocketMQ 5.
var versionV5_0_0 = versionOrdinal("V5_0_0")

func versionOrdinal(name string) int {
	for i, n := range versionNames {
		if n == name {
			return i
		}
	}
	panic("live: no version " + name)
}
