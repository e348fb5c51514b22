// The audit's values (reports, findings, tests, options) live in LitmusModel; `import LitmusAudit`
// brings them too, since every use of the audit reads them.
@_exported import LitmusModel
