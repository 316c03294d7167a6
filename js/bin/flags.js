// The command line by a command's flag table (spec.generated.js, written
// from cmd/rmqalloc's table): the rules cmd/rmqalloc/flags.go follows too.
// --name VALUE or --name=VALUE (the value is taken as given, even when it
// starts with a dash: --vnodes -1 is the value -1); a switch takes no
// value; "--" ends the flags; a lone "-" is a positional (stdin); the last
// of a repeated single flag wins.

import { FLAGS } from './spec.generated.js';
import { usageErr } from './io.js';

/**
 * argv parsed for cmd: { values, positionals }, values[name] the last
 * value ('true' for a switch), all(name) every value of a repeated flag.
 */
export function parseFlags(cmd, argv) {
  const flags = FLAGS[cmd];
  const given = new Map();
  const positionals = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const body = arg.replace(/^-+/, '');
    const eq = body.indexOf('=');
    const name = eq < 0 ? body : body.slice(0, eq);
    const single = !arg.startsWith('--');
    const f = flags.find((x) => x.name === name || (x.short && x.short === name));
    if (!f || (single && f.short !== name) || (!single && f.name !== name)) {
      throw usageErr(`${cmd}: unknown flag ${arg.split('=')[0]} (rmqalloc ${cmd} --help)`);
    }
    let value;
    if (!f.value) {
      if (eq >= 0) throw usageErr(`${cmd}: --${f.name} takes no value (rmqalloc ${cmd} --help)`);
      value = 'true';
    } else if (eq >= 0) {
      value = body.slice(eq + 1);
    } else {
      if (i + 1 >= argv.length) throw usageErr(`${cmd}: --${f.name} needs a value: --${f.name} ${f.value} (rmqalloc ${cmd} --help)`);
      value = argv[++i];
    }
    if (!given.has(f.name)) given.set(f.name, []);
    given.get(f.name).push(value);
  }
  return {
    positionals,
    has: (n) => given.has(n),
    str: (n) => (given.has(n) ? given.get(n).at(-1) : ''),
    all: (n) => given.get(n) ?? [],
  };
}
