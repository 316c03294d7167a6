# failed-output.awk — from a `go test -v` log, what each failing test
# printed, grouped by test: the first line of each of its last messages
# (a t.Fatalf's text is one of them, even when a long log dump follows it)
# and then its last lines. With parallel tests the log interleaves them:
# "=== RUN/CONT/NAME/PAUSE T" says whose lines follow. Only the innermost
# failing tests are shown (a parent fails with its subtest).
# Usage: awk -v keep=12 -v msgs=6 -f failed-output.awk LOG
BEGIN { if (keep == "") keep = 12; if (msgs == "") msgs = 6 }
/^=== (RUN|CONT|NAME|PAUSE) / { cur = $3; next }
/^ *--- (FAIL|PASS|SKIP): / {
  if ($2 == "FAIL:") { failed[$3] = 1; order[++n] = $3 }
  cur = ""
  next
}
cur != "" {
  c = ++count[cur]
  line[cur, c] = length($0) > 300 ? substr($0, 1, 300) "…" : $0
  # a message's first line: "    name_test.go:123: text"
  if ($0 ~ /^    [A-Za-z0-9_.-]+\.go:[0-9]+: /) head[cur, ++heads[cur]] = line[cur, c]
}
END {
  for (i = 1; i <= n; i++) {
    t = order[i]
    inner = 0
    for (u in failed) if (index(u, t "/") == 1) inner = 1
    if (inner || seen[t]++) continue
    if (count[t] == 0) { print "  " t " — it printed nothing"; continue }
    print "  " t " — the first lines of its last messages:"
    from = heads[t] - msgs + 1
    if (from < 1) from = 1
    for (j = from; j <= heads[t]; j++) print "  " head[t, j]
    print "  " t " — its last lines:"
    from = count[t] - keep + 1
    if (from < 1) from = 1
    for (j = from; j <= count[t]; j++) print "  " line[t, j]
  }
}
