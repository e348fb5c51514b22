import Testing

extension Tag {
    /// Tests that build packages or start processes: seconds to minutes, not milliseconds.
    @Tag static var endToEnd: Self
    /// Tests that parse many command lines with swift-argument-parser in memory: no disk, no process, but
    /// about 100 ms under coverage for their cases together. `.litmus-audit.json` gives them a budget of
    /// their own (docs/TESTING.md).
    @Tag static var parsing: Self
}
