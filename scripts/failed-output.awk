# failed-output.awk — from a `go test -v` log, the last lines each failing
# test printed (its failure is among them), grouped by test. With parallel
# tests the log interleaves them: "=== RUN/CONT/NAME/PAUSE T" says whose
# lines follow. Only the innermost failing tests are shown (a parent fails
# with its subtest). Usage: awk -v keep=12 -f failed-output.awk LOG
BEGIN { if (keep == "") keep = 12 }
/^=== (RUN|CONT|NAME|PAUSE) / { cur = $3; next }
/^ *--- (FAIL|PASS|SKIP): / {
  if ($2 == "FAIL:") { failed[$3] = 1; order[++n] = $3 }
  cur = ""
  next
}
cur != "" {
  c = ++count[cur]
  line[cur, c] = length($0) > 300 ? substr($0, 1, 300) "…" : $0
}
END {
  shown = 0
  for (i = 1; i <= n; i++) {
    t = order[i]
    inner = 0
    for (u in failed) if (index(u, t "/") == 1) inner = 1
    if (inner || seen[t]++) continue
    shown++
    print "  " t " — its last lines:"
    from = count[t] - keep + 1
    if (from < 1) from = 1
    if (count[t] == 0) print "    (it printed nothing)"
    for (j = from; j <= count[t]; j++) print "  " line[t, j]
  }
}
