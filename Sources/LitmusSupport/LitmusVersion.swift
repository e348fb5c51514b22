/// Litmus's version: the one place it is written. `litmus --version` prints it, the audit's and the mutation
/// run's JSON record it, and a release's tag is it (docs/releasing.md). Semantic versioning; CHANGELOG.md
/// has a section for each.
package enum LitmusVersion {
    /// The version of this checkout, e.g. `0.1.0`.
    package static let current = "0.1.0"
}
