// The audit's values (reports, findings, tests, options) live in LitmusModel, and running a package
// (its copy, build, test binary and processes) in LitmusRunning; `import LitmusAudit` brings both, since
// every use of the audit reads the one and may drive the other.
@_exported import LitmusModel
@_exported import LitmusRunning
