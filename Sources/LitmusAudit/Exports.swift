// The audit's values (reports, findings, tests, options) live in LitmusModel; `import LitmusAudit`
// still brings them, as it did before they moved.
@_exported import LitmusModel
