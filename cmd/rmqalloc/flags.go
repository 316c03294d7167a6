//go:build !(js && wasm)

package main

import "strings"

// args is a command line parsed by a command's flag table: the values of
// the flags given (a switch's value is "true"), and the positionals.
type args struct {
	values      map[string][]string
	positionals []string
}

// has: the flag was given.
func (a *args) has(name string) bool { _, ok := a.values[name]; return ok }

// str is the flag's last value, "" when not given.
func (a *args) str(name string) string {
	v := a.values[name]
	if len(v) == 0 {
		return ""
	}
	return v[len(v)-1]
}

// all is every value of a repeatable flag.
func (a *args) all(name string) []string { return a.values[name] }

// parseFlags reads argv by flags, the rules js/bin/flags.js follows too:
// --name VALUE or --name=VALUE (the value is taken as given, even when it
// starts with a dash: --vnodes -1 is the value -1); a switch takes no
// value; "--" ends the flags; a lone "-" is a positional (stdin); the last
// of a repeated single flag wins.
func parseFlags(cmd string, flags []flagSpec, argv []string) (*args, error) {
	a := &args{values: map[string][]string{}}
	find := func(name string) *flagSpec {
		for i := range flags {
			if flags[i].Name == name || (flags[i].Short != "" && flags[i].Short == name) {
				return &flags[i]
			}
		}
		return nil
	}
	for i := 0; i < len(argv); i++ {
		arg := argv[i]
		if arg == "--" {
			a.positionals = append(a.positionals, argv[i+1:]...)
			break
		}
		if !strings.HasPrefix(arg, "-") || arg == "-" {
			a.positionals = append(a.positionals, arg)
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		single := !strings.HasPrefix(arg, "--")
		f := find(name)
		if f == nil || (single && f.Short != name) || (!single && f.Name != name) {
			flag, _, _ := strings.Cut(arg, "=")
			return nil, usageErr("%s: unknown flag %s (rmqalloc %s --help)", cmd, flag, cmd)
		}
		if f.Value == "" {
			if hasValue {
				return nil, usageErr("%s: --%s takes no value (rmqalloc %s --help)", cmd, f.Name, cmd)
			}
			a.values[f.Name] = append(a.values[f.Name], "true")
			continue
		}
		if !hasValue {
			if i+1 >= len(argv) {
				return nil, usageErr("%s: --%s needs a value: --%s %s (rmqalloc %s --help)", cmd, f.Name, f.Name, f.Value, cmd)
			}
			i++
			value = argv[i]
		}
		a.values[f.Name] = append(a.values[f.Name], value)
	}
	return a, nil
}
