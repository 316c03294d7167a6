// The monitor page's group report: the playground's Diagnose tab drawing
// (site/lib/diagnose.js renderReport, with its queue grid, tables and
// timeline), bundled by build.mjs into ../report.js, which the Go binary
// embeds: `go install` needs no node.
export { renderReport } from '../../../../site/lib/diagnose.js';
