// StrykerReport moved to LitmusModel with the other report values; `import LitmusReport` still brings it.
@_exported import LitmusModel

/// The earlier name of `StrykerReport`, kept so that code using it still compiles.
@available(*, deprecated, renamed: "StrykerReport")
public typealias MutationReport = StrykerReport
