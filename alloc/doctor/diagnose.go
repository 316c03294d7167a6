package doctor

// Diagnose reads the texts of in and diagnoses the group. Input it cannot
// read is an *InputError naming the box and line.
func Diagnose(in Input) (*Report, error) {
	return nil, &InputError{Box: "route", Msg: "not implemented yet"}
}
