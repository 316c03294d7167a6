// Fitting text to the terminal (cmd/rmqalloc/text.go does the same).

const len = (s) => [...s].length;

export const padEnd = (s, n) => s + ' '.repeat(Math.max(0, n - len(s)));
export const padStart = (s, n) => ' '.repeat(Math.max(0, n - len(s))) + s;

/**
 * s broken at spaces into lines of at most width columns, the lines after
 * the first starting with indent (a word longer than a line stays whole).
 */
export function wrap(s, width, indent) {
  const lines = [];
  const body = s.replace(/^ +/, '');
  let line = s.slice(0, s.length - body.length);
  let start = true;
  for (const w of body.split(' ')) {
    if (start) {
      line += w;
      start = false;
    } else if (len(line) + 1 + len(w) <= width) {
      line += ' ' + w;
    } else {
      lines.push(line.replace(/ +$/, ''));
      line = indent + w;
    }
  }
  lines.push(line);
  return lines;
}

/** The widest line's columns. */
export const maxWidth = (lines) => Math.max(0, ...lines.map(len));
