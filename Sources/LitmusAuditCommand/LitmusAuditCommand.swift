// Deprecated: LitmusAuditCommand is the name the audit's command module had before every command of the
// tools moved to one module, LitmusCommands (`AuditCommand`, `MutateCommand`, `MergeCommand`,
// `ReportCommand`, `CleanCommand`). It re-exports LitmusCommands so that packages depending on the product
// `LitmusAuditCommand` and files that `import LitmusAuditCommand` keep compiling. Depend on the product
// `LitmusCommands` and import it instead (CHANGELOG.md, Deprecated).
@_exported import LitmusCommands
