import Testing

extension Tag {
    /// Tests that parse and expand whole protocols with swift-syntax in memory: no disk, no process, no
    /// waiting, but about 100 ms each under coverage, most of it swift-syntax's parsing and formatting.
    /// `.litmus-audit.json` gives them a budget of their own (docs/TESTING.md).
    @Tag static var parsing: Self
}
